"""Providers of the session lifecycle (issue 4), a sub-container of entrypoints/wiring/container.py.

Reached as `container.sessions.<provider>()`. The briefings (session start, after a compaction)
come from the same factory the hooks use (entrypoints/wiring/light.py), fed with this container's
clock, workspace and ranking; finalisation, recovery, snapshots and the CLI come through here.
"""

from pathlib import Path

from dependency_injector import containers, providers
from sqlalchemy import Engine

from abzu.adapters.project_files import DotEnkiProjectFiles
from abzu.adapters.spool.file_spool import FileSessionJournal, FileSpoolSource
from abzu.adapters.sqlite.session_unit_of_work import SqliteSessionUnitOfWork
from abzu.adapters.transcript_files import OsTranscriptFiles
from abzu.application.extraction.extract_transcript import ExtractTranscript
from abzu.application.maintenance import RunMaintenance
from abzu.application.ports import Clock, IdGenerator, Workspace
from abzu.application.sessions.attach_compact_summary import AttachCompactSummary
from abzu.application.sessions.capture_pre_compact import CapturePreCompact
from abzu.application.sessions.dismiss_loop import DismissLoop
from abzu.application.sessions.finalize_session import FinalizeSession
from abzu.application.sessions.ingest_spool import IngestSpool
from abzu.application.sessions.list_loops import ListOpenLoops
from abzu.application.sessions.recover_sessions import RecoverSessions
from abzu.application.sessions.session_status import SessionStatus
from abzu.application.sessions.update_pre_compact_summary import UpdatePreCompactSummary
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.wiring.light import LightUseCases
from abzu.entrypoints.wiring.trust import cadence_from


def _spool(home: str) -> Path:
    return DataHome.at(home).spool


class SessionProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    clock: providers.Dependency[Clock] = providers.Dependency()
    ids: providers.Dependency[IdGenerator] = providers.Dependency()
    decay: providers.Dependency[DecayPolicy] = providers.Dependency()
    ranking: providers.Dependency[RankingPolicy] = providers.Dependency()
    workspace: providers.Dependency[Workspace] = providers.Dependency()
    wisdom_engine: providers.Dependency[Engine] = providers.Dependency()
    staging_engine: providers.Dependency[Engine] = providers.Dependency()
    maintenance: providers.Dependency[RunMaintenance] = providers.Dependency()
    extract_transcript: providers.Dependency[ExtractTranscript] = providers.Dependency()

    uow = providers.Factory(
        SqliteSessionUnitOfWork, wisdom=wisdom_engine, staging=staging_engine, decay=decay
    )
    transcripts = providers.Singleton(OsTranscriptFiles)
    spool = providers.Factory(FileSpoolSource, folder=providers.Callable(_spool, config.home))
    journal = providers.Factory(FileSessionJournal, folder=providers.Callable(_spool, config.home))
    files = providers.Factory(DotEnkiProjectFiles, workspace=workspace, data_home=config.home)
    light = providers.Factory(
        LightUseCases, home=providers.Callable(DataHome.at, config.home), workspace=workspace,
        clock=clock, ranking=ranking, decay=decay,
        cadence=providers.Callable(cadence_from, config.review_cadence),
    )
    inject_session_start = providers.Factory(LightUseCases.session_start, light)
    inject_post_compact = providers.Factory(LightUseCases.post_compact, light)
    update_pre_compact_summary = providers.Factory(UpdatePreCompactSummary, uow=uow, clock=clock, ids=ids)
    attach_compact_summary = providers.Factory(
        AttachCompactSummary, uow=uow, workspace=workspace, clock=clock, ids=ids
    )
    capture_pre_compact = providers.Factory(
        CapturePreCompact, uow=uow, workspace=workspace, files=files, transcripts=transcripts,
        extractor=extract_transcript, attach=attach_compact_summary,
        update=update_pre_compact_summary, clock=clock,
    )
    finalize_session = providers.Factory(
        FinalizeSession, uow=uow, extractor=extract_transcript, maintenance=maintenance,
        clock=clock, ids=ids, transcripts=transcripts,
    )
    ingest_spool = providers.Factory(IngestSpool, uow=uow, spool=spool, clock=clock, remotes=workspace)
    recover_sessions = providers.Factory(
        RecoverSessions, uow=uow, ingest=ingest_spool, finalize=finalize_session,
        workspace=workspace, transcripts=transcripts, clock=clock,
    )
    session_status = providers.Factory(SessionStatus, uow=uow, spool=spool)
    list_loops = providers.Factory(ListOpenLoops, uow=uow, workspace=workspace, clock=clock)
    dismiss_loop = providers.Factory(DismissLoop, uow=uow, clock=clock)
