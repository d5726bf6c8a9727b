"""Providers of the session lifecycle (issue 4), a sub-container of entrypoints/wiring/container.py.

Reached as `container.sessions.<provider>()`. The briefings (session start, after a compaction)
come from the same factory the hooks use (entrypoints/wiring/light.py), fed with this container's
clock, workspace and ranking; finalisation, recovery, snapshots and the CLI come through here,
on the stdlib sqlite3 stores (no SQLAlchemy). Targets are imported when first resolved
(wiring/deferred.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from dependency_injector import containers, providers

from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.wiring.deferred import deferred
from abzu.entrypoints.wiring.trust import cadence_from

if TYPE_CHECKING:
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
    from abzu.application.extraction.extract_transcript import ExtractTranscript
    from abzu.application.maintenance import RunMaintenance
    from abzu.application.ports import Clock, IdGenerator, Workspace
    from abzu.application.remember_many import RememberMany
    from abzu.domain.decay import DecayPolicy
    from abzu.domain.ranking import RankingPolicy


def _spool(home: str) -> Path:
    return DataHome.at(home).spool


def _session_start(light: Any) -> Any:
    return light.session_start()


def _post_compact(light: Any) -> Any:
    return light.post_compact()


class SessionProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    clock: providers.Dependency[Clock] = providers.Dependency()
    ids: providers.Dependency[IdGenerator] = providers.Dependency()
    decay: providers.Dependency[DecayPolicy] = providers.Dependency()
    ranking: providers.Dependency[RankingPolicy] = providers.Dependency()
    workspace: providers.Dependency[Workspace] = providers.Dependency()
    wisdom: providers.Dependency[Sqlite3Store] = providers.Dependency()
    staging: providers.Dependency[Sqlite3Store] = providers.Dependency()
    maintenance: providers.Dependency[RunMaintenance] = providers.Dependency()
    extract_transcript: providers.Dependency[ExtractTranscript] = providers.Dependency()
    remember_many: providers.Dependency[RememberMany] = providers.Dependency()

    uow = providers.Factory(
        deferred("adapters.sqlite.session_unit_of_work:SqliteSessionUnitOfWork"), wisdom=wisdom,
        staging=staging, decay=decay,
    )
    transcripts = providers.Singleton(deferred("adapters.transcript_files:OsTranscriptFiles"))
    spool = providers.Factory(deferred("adapters.spool.file_spool:FileSpoolSource"),
                              folder=providers.Callable(_spool, config.home))
    journal = providers.Factory(deferred("adapters.spool.file_spool:FileSessionJournal"),
                                folder=providers.Callable(_spool, config.home))
    files = providers.Factory(deferred("adapters.project_files:DotEnkiProjectFiles"), workspace=workspace,
                              data_home=config.home)
    light = providers.Factory(
        deferred("entrypoints.wiring.light:LightUseCases"), home=providers.Callable(DataHome.at, config.home),
        workspace=workspace, clock=clock, ranking=ranking, decay=decay,
        cadence=providers.Callable(cadence_from, config.review_cadence),
    )
    inject_session_start = providers.Factory(_session_start, light)
    inject_post_compact = providers.Factory(_post_compact, light)
    update_pre_compact_summary = providers.Factory(
        deferred("application.sessions.update_pre_compact_summary:UpdatePreCompactSummary"), uow=uow,
        clock=clock, ids=ids)
    attach_compact_summary = providers.Factory(
        deferred("application.sessions.attach_compact_summary:AttachCompactSummary"), uow=uow,
        workspace=workspace, clock=clock, ids=ids,
    )
    capture_pre_compact = providers.Factory(
        deferred("application.sessions.capture_pre_compact:CapturePreCompact"), uow=uow, workspace=workspace,
        files=files, transcripts=transcripts, extractor=extract_transcript, attach=attach_compact_summary,
        update=update_pre_compact_summary, clock=clock,
    )
    recurring_steps = providers.Factory(
        deferred("application.sessions.recurring_steps:StageRecurringSteps"), remember=remember_many)
    finalize_session = providers.Factory(
        deferred("application.sessions.finalize_session:FinalizeSession"), uow=uow,
        extractor=extract_transcript, maintenance=maintenance, clock=clock, ids=ids, transcripts=transcripts,
        recurring=recurring_steps,
    )
    ingest_spool = providers.Factory(deferred("application.sessions.ingest_spool:IngestSpool"), uow=uow,
                                     spool=spool, clock=clock, remotes=workspace)
    recover_sessions = providers.Factory(
        deferred("application.sessions.recover_sessions:RecoverSessions"), uow=uow, ingest=ingest_spool,
        finalize=finalize_session, workspace=workspace, transcripts=transcripts, clock=clock,
    )
    session_status = providers.Factory(deferred("application.sessions.session_status:SessionStatus"),
                                       uow=uow, spool=spool)
    list_loops = providers.Factory(deferred("application.sessions.list_loops:ListOpenLoops"), uow=uow,
                                   workspace=workspace, clock=clock)
    dismiss_loop = providers.Factory(deferred("application.sessions.dismiss_loop:DismissLoop"), uow=uow,
                                     clock=clock)
