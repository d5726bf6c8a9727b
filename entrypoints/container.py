"""The one composition root. Nothing is built at import time: entry points call `build_container`."""

from collections.abc import Iterator
from pathlib import Path

from dependency_injector import containers, providers
from sqlalchemy import Engine

from abzu.adapters.clock import SystemClock
from abzu.adapters.ids import UuidIds
from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
from abzu.adapters.sqlite.extraction_store import SqliteExtractionUnitOfWork
from abzu.adapters.sqlite.store_locations import FileStoreLocations
from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.adapters.workspace import GitWorkspace
from abzu.application.extract_transcript import ExtractTranscript
from abzu.application.maintenance import RunMaintenance
from abzu.application.recall import Recall
from abzu.application.remember import Remember
from abzu.application.star import Star
from abzu.application.status import Status
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.entrypoints.session_providers import SessionProviders
from abzu.entrypoints.settings import Settings


def _store(path: Path, store: str) -> Iterator[Engine]:
    engine = open_store(path, store)
    yield engine
    engine.dispose()


class Container(containers.DeclarativeContainer):
    config = providers.Configuration(strict=True)

    clock = providers.Singleton(SystemClock)
    ids = providers.Singleton(UuidIds)
    decay = providers.Singleton(DecayPolicy)
    ranking = providers.Singleton(RankingPolicy, relevance_floor=config.relevance_floor)
    workspace = providers.Factory(GitWorkspace, cwd=config.cwd)

    wisdom_engine = providers.Resource(_store, path=config.wisdom_path, store="wisdom")
    staging_engine = providers.Resource(_store, path=config.staging_path, store="staging")
    uow = providers.Factory(
        SqliteUnitOfWork, wisdom=wisdom_engine, staging=staging_engine, decay=decay
    )
    locations = providers.Factory(
        FileStoreLocations, wisdom=config.wisdom_path, staging=config.staging_path
    )

    remember = providers.Factory(
        Remember, uow=uow, clock=clock, ids=ids, workspace=workspace,
        max_chars=config.max_content_chars,
    )
    recall = providers.Factory(Recall, uow=uow, clock=clock, workspace=workspace, ranking=ranking)
    star = providers.Factory(Star, uow=uow)
    status = providers.Factory(Status, uow=uow, clock=clock, locations=locations)
    maintenance = providers.Factory(RunMaintenance, uow=uow, clock=clock)

    # --- transcript extraction (issue 4) ---
    transcript_reader = providers.Singleton(JsonlTranscriptReader)
    extraction_uow = providers.Factory(SqliteExtractionUnitOfWork, staging=staging_engine)
    extract_transcript = providers.Factory(
        ExtractTranscript, reader=transcript_reader, extraction_uow=extraction_uow,
        remember=remember, clock=clock, ids=ids,
    )

    # --- session lifecycle (issue 4) ---
    sessions = providers.Container(
        SessionProviders, config=config, clock=clock, ids=ids, decay=decay, ranking=ranking,
        workspace=workspace, wisdom_engine=wisdom_engine, staging_engine=staging_engine,
        maintenance=maintenance, extract_transcript=extract_transcript, transcript_reader=transcript_reader,
    )


def build_container(settings: Settings | None = None, cwd: Path | None = None) -> Container:
    settings = settings or Settings()
    container = Container()
    container.config.from_dict(
        {
            "home": str(settings.data_home),
            "wisdom_path": settings.wisdom_path,
            "staging_path": settings.staging_path,
            "log_path": settings.log_path,
            "relevance_floor": settings.relevance_floor,
            "max_content_chars": settings.max_content_chars,
            "recovery_idle_minutes": settings.recovery_idle_minutes,
            "cwd": cwd or Path.cwd(),
        }
    )
    return container
