"""The one composition root. Nothing is built at import time: entry points call `build_container`."""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dependency_injector import containers, providers
from sqlalchemy import Engine

from abzu.adapters.clock import SystemClock
from abzu.adapters.enki.completions import JsonCompletionLog, OsEmFiles
from abzu.adapters.git_repo import SubprocessGit
from abzu.adapters.ids import UuidIds
from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
from abzu.adapters.log_files import FileLogScrubber
from abzu.adapters.shown_file import ShownJournalRetention
from abzu.adapters.spool.scrubber import FileSpoolScrubber
from abzu.adapters.sqlite.anchor_freshness import SqliteAnchorFreshness
from abzu.adapters.sqlite.extraction_store import SqliteExtractionUnitOfWork
from abzu.adapters.sqlite.migrations.event_actor import UNDO
from abzu.adapters.sqlite.pending_writes import PendingRemembers
from abzu.adapters.sqlite.recall_unit_of_work import SqliteRecallUnitOfWork
from abzu.adapters.sqlite.scrubber import SqliteSnapshotScrubber, SqliteStoreScrubber
from abzu.adapters.sqlite.snapshots import SqliteWisdomSnapshots
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.store_locations import FileStoreLocations
from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.adapters.workspace import GitWorkspace
from abzu.application.anchors.mark_stale import MarkStaleAnchors
from abzu.application.enki.complete_project import ExpireEmDbs
from abzu.application.extraction.extract_transcript import ExtractTranscript
from abzu.application.maintenance import RunMaintenance
from abzu.application.manage.confirm import ConfirmMemory
from abzu.application.manage.forget import ForgetMemory
from abzu.application.manage.unreviewed import UnreviewedBeads
from abzu.application.remember_many import RememberMany
from abzu.application.review.consolidate_beads import ConsolidateBeads
from abzu.application.review.discard_candidate import DiscardCandidate
from abzu.application.review.flag_for_deletion import FlagForDeletion
from abzu.application.review.get_staged_candidates import GetStagedCandidates
from abzu.application.review.promote_candidate import PromoteCandidate
from abzu.application.review.report import Pricing
from abzu.application.review.run_review import RunReview
from abzu.application.review.undo_review import UndoReview
from abzu.application.review.unflag import Unflag
from abzu.application.scrub.fields import redacted
from abzu.application.scrub.scrub_stores import ScrubStores
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.domain.review.batching import BatchPolicy
from abzu.entrypoints.actor import current_actor
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.dense import dense_recall as build_dense_recall
from abzu.entrypoints.wiring.memory import MemoryUseCases
from abzu.entrypoints.wiring.sessions import SessionProviders
from abzu.entrypoints.wiring.trust import TrustProviders


def _store(path: Path, store: str) -> Iterator[Engine]:
    engine = open_store(path, store)
    yield engine
    engine.dispose()


def _plain_store(engine: Engine, path: Path, store: str) -> Iterator[Sqlite3Store]:
    """Recall's connections on the stdlib driver: SQLAlchemy's per-statement work was a fifth of
    a recall's CPU. Taking `engine` first lets the full path create and migrate the store."""
    del engine  # only its creation was needed
    plain = Sqlite3Store(Path(path), store)
    yield plain
    plain.close()


if TYPE_CHECKING:
    from abzu.adapters.gemini.reviewer import GeminiReviewer


def _team_recall(config: dict[str, Any]) -> Any:
    from abzu.entrypoints.wiring.team import TeamConfig, team_recall

    return team_recall(TeamConfig(**config))


def _team_engine(config: dict[str, Any], backend: str) -> Iterator[Any]:
    """The team server's engine when it is the memory backend; None otherwise (init_resources
    initialises every Resource: a user without a team must not load the driver for it)."""
    if backend != "team":
        yield None
        return
    from abzu.entrypoints.wiring.team import TeamConfig

    engine = TeamConfig(**config).engine(statement_timeout_s=None)
    yield engine
    engine.dispose()


def _team_uow(engine: Any, decay: DecayPolicy, actor: str, read_only: bool = False) -> Any:
    from abzu.adapters.postgres.unit_of_work import PgUnitOfWork  # only when the backend is the team's

    return PgUnitOfWork(engine, decay, actor=actor, machine=os.uname().nodename, read_only=read_only)


def _gemini_client(**options: Any) -> Any:
    # google-genai costs ~0.5 s to import: only a review that reaches Gemini pays for it.
    from abzu.adapters.gemini.client import build_gemini_client

    return build_gemini_client(**options)


def _gemini_reviewer(**options: Any) -> "GeminiReviewer":
    from abzu.adapters.gemini.reviewer import GeminiReviewer

    return GeminiReviewer(**options)


class Container(containers.DeclarativeContainer):
    config = providers.Configuration(strict=True)

    clock = providers.Singleton(SystemClock)
    ids = providers.Singleton(UuidIds)
    decay = providers.Singleton(DecayPolicy)
    ranking = providers.Singleton(RankingPolicy, relevance_floor=config.relevance_floor)
    workspace = providers.Factory(GitWorkspace, cwd=config.cwd)
    git = providers.Singleton(SubprocessGit)

    wisdom_engine = providers.Resource(_store, path=config.wisdom_path, store="wisdom")
    staging_engine = providers.Resource(_store, path=config.staging_path, store="staging")
    uow = providers.Factory(
        SqliteUnitOfWork, wisdom=wisdom_engine, staging=staging_engine, decay=decay, actor=config.actor
    )
    # The history's "who" for the writers that are not the front door itself (issue 15).
    maintenance_uow = providers.Factory(uow, actor="maintenance")
    gemini_uow = providers.Factory(uow, actor="review:gemini")
    human_uow = providers.Factory(uow, actor="review:human")
    undo_uow = providers.Factory(uow, actor=UNDO)  # what it puts back: "restored by undo"
    # Reads that change nothing (status) take no write lock: plain BEGIN, never BEGIN IMMEDIATE.
    read_uow = providers.Factory(
        SqliteUnitOfWork, wisdom=wisdom_engine, staging=staging_engine, decay=decay, read_only=True
    )
    trust = providers.Container(  # doctor, export/import, review spend (issue 15)
        TrustProviders, config=config, clock=clock, wisdom_engine=wisdom_engine,
        staging_engine=staging_engine,
    )
    locations = providers.Factory(
        FileStoreLocations, wisdom=config.wisdom_path, staging=config.staging_path
    )

    wisdom_plain = providers.Resource(_plain_store, wisdom_engine, config.wisdom_path, "wisdom")
    staging_plain = providers.Resource(_plain_store, staging_engine, config.staging_path, "staging")
    # `memory_backend = "team"` (issue 32; `abzu eval locomo --backend team`): remember, recall and
    # bulk remember keep memory on the team server itself, through the same ports.
    team_engine = providers.Resource(_team_engine, config=config.team, backend=config.memory_backend)
    team_uow = providers.Factory(_team_uow, engine=team_engine, decay=decay, actor=config.actor)
    recall_uow = providers.Selector(
        config.memory_backend,
        sqlite=providers.Factory(
            SqliteRecallUnitOfWork, wisdom=wisdom_plain, staging=staging_plain, decay=decay),
        team=team_uow,
    )
    # One per process: it holds the embedding model once loaded (on the first hybrid recall).
    dense_recall = providers.Singleton(
        build_dense_recall, enabled=config.semantic, wisdom=config.wisdom_path,
        staging=config.staging_path, decay=decay,
    )
    # The team's side of recall (issue 32): None until `abzu team join`; one per process (its engine).
    team_recall = providers.Singleton(_team_recall, config=config.team)
    maintenance = providers.Factory(
        RunMaintenance, uow=maintenance_uow, clock=clock,
        retention=providers.Factory(  # em.db 30 days after project completion (issue 17)
            ExpireEmDbs, completions=providers.Factory(JsonCompletionLog, path=config.completions_path),
            files=providers.Factory(OsEmFiles), clock=clock,
        ),
        anchors=providers.Factory(  # anchored beads whose code changed (issue 16.3)
            MarkStaleAnchors, anchors=providers.Factory(SqliteAnchorFreshness, engine=wisdom_engine),
            git=git, clock=clock,
        ),
        journals=providers.Factory(ShownJournalRetention, folder=config.shown_dir, clock=clock),
    )

    # --- review ---
    snapshots = providers.Factory(
        SqliteWisdomSnapshots, engine=wisdom_engine, wisdom=config.wisdom_path,
        folder=config.snapshot_dir,
    )
    gemini_client = providers.Singleton(
        _gemini_client, api_key=config.review_api_key, timeout_s=config.review_timeout_s,
        attempts=config.review_attempts,
    )
    reviewer = providers.Singleton(_gemini_reviewer, client=gemini_client, model=config.review_model)
    batch_policy = providers.Singleton(BatchPolicy, budget_tokens=config.review_batch_tokens)
    pricing = providers.Singleton(
        Pricing, input_per_mtok=config.review_price_in, output_per_mtok=config.review_price_out
    )
    run_review = providers.Factory(
        RunReview, uow=gemini_uow, reviewer=reviewer, snapshots=snapshots, clock=clock, ids=ids,
        policy=batch_policy, pricing=pricing, ledger=trust.spend_ledger, ceiling=trust.ceiling,
    )
    undo_review = providers.Factory(UndoReview, uow=undo_uow, snapshots=snapshots, clock=clock)
    get_staged_candidates = providers.Factory(GetStagedCandidates, uow=uow)
    promote_candidate = providers.Factory(PromoteCandidate, uow=human_uow, clock=clock, ids=ids)
    discard_candidate = providers.Factory(DiscardCandidate, uow=human_uow, clock=clock, ids=ids)
    consolidate_beads = providers.Factory(ConsolidateBeads, uow=human_uow, clock=clock, ids=ids)
    flag_for_deletion = providers.Factory(FlagForDeletion, uow=human_uow, clock=clock, ids=ids)
    unflag = providers.Factory(Unflag, uow=human_uow)
    # what the agent wrote straight into wisdom.db, for a person to confirm or remove (issue 29)
    unreviewed_beads = providers.Factory(UnreviewedBeads, uow=read_uow)
    confirm_memory = providers.Factory(ConfirmMemory, uow=human_uow)
    remove_unreviewed = providers.Factory(ForgetMemory, uow=human_uow)
    # --- bulk remember (issue 6: eval and imports) ---
    # On the stdlib sqlite3 driver: SQLAlchemy's per-statement work was a third of a bulk
    # import's CPU (two statements per memory; issue 13.6). Same repositories, same SQL.
    # The stdlib sqlite3 writer: remember, star and bulk import all write through it.
    plain_uow = providers.Selector(
        config.memory_backend,
        sqlite=providers.Factory(
            SqliteUnitOfWork, wisdom=wisdom_plain, staging=staging_plain, decay=decay, actor=config.actor),
        team=team_uow,
    )
    remember_many = providers.Factory(
        RememberMany, uow=plain_uow, clock=clock, ids=ids, workspace=workspace,
        max_chars=config.max_content_chars, git=git,
    )
    # --- transcript extraction (issue 4) ---
    transcript_reader = providers.Singleton(JsonlTranscriptReader)
    extraction_uow = providers.Factory(SqliteExtractionUnitOfWork, staging=staging_engine)
    extract_transcript = providers.Factory(
        ExtractTranscript, reader=transcript_reader, extraction_uow=extraction_uow,
        remember=remember_many, clock=clock, ids=ids,
    )

    # --- scrub ---
    scrub_stores = providers.Factory(
        ScrubStores,
        targets=providers.List(
            providers.Factory(SqliteStoreScrubber, name="wisdom.db", engine=wisdom_engine),
            providers.Factory(SqliteStoreScrubber, name="abzu.db", engine=staging_engine),
            providers.Factory(SqliteSnapshotScrubber, folder=config.snapshot_dir),
            providers.Factory(FileLogScrubber, path=config.log_path),
            providers.Factory(FileSpoolScrubber, folder=config.spool_dir),
        ),
        transform=providers.Object(redacted),
    )

    # --- session lifecycle (issue 4) ---
    sessions = providers.Container(
        SessionProviders, config=config, clock=clock, ids=ids, decay=decay, ranking=ranking,
        workspace=workspace, wisdom_engine=wisdom_engine, staging_engine=staging_engine,
        maintenance=maintenance, extract_transcript=extract_transcript,
    )

    # --- the four memory operations: the same factory the CLI builds without the container ---
    # On the stdlib sqlite3 driver, as the CLI's: with SQLAlchemy a remember cost 3.4 ms of CPU
    # and held the write gate 4 ms (p50), on sqlite3 1.4 ms and 1.1 ms; every writer on the
    # machine queues behind that hold (32 writers x 500, issue 20). Same repositories, same SQL.
    memory_read_uow = providers.Selector(
        config.memory_backend,
        sqlite=providers.Factory(
            SqliteUnitOfWork, wisdom=wisdom_plain, staging=staging_plain, decay=decay, read_only=True),
        team=providers.Factory(team_uow, read_only=True),
    )
    memory = providers.Factory(
        MemoryUseCases, writer=plain_uow.provider, recaller=recall_uow.provider,
        reader=memory_read_uow.provider,
        sessions=sessions.uow.provider, clock=clock, ids=ids, workspace=workspace, ranking=ranking,
        max_chars=config.max_content_chars, locations=locations, spool=sessions.spool,
        pending=providers.Callable(PendingRemembers, config.pending_remembers), dense=dense_recall,
        team=team_recall,
    )
    remember = providers.Factory(MemoryUseCases.remember, memory)
    recall = providers.Factory(MemoryUseCases.recall, memory)
    recall_once = providers.Factory(MemoryUseCases.recall_once, memory)
    star = providers.Factory(MemoryUseCases.star, memory)
    status = providers.Factory(MemoryUseCases.status, memory)


def build_container(
    settings: Settings | None = None, cwd: Path | None = None, actor: str | None = None,
) -> Container:
    """`actor`: the front door the history names (cli, mcp, hook); ABZU_ACTOR, else cli."""
    settings = settings or Settings()
    container = Container()
    container.config.from_dict(
        {**_store_config(settings, cwd, actor or current_actor()), "actor": actor or current_actor(),
         **_review_config(settings)}
    )
    return container


def _store_config(settings: Settings, cwd: Path | None, actor: str) -> dict[str, object]:
    return {
        "home": str(settings.data_home),
        "wisdom_path": settings.wisdom_path,
        "staging_path": settings.staging_path,
        "log_path": settings.log_path,
        "completions_path": settings.layout.completions,
        "relevance_floor": settings.relevance_floor,
        "max_content_chars": settings.max_content_chars,
        "recovery_idle_minutes": settings.recovery_idle_minutes,
        "claude_projects": settings.claude_projects.expanduser(),
        "cwd": cwd or Path.cwd(),
        "snapshot_dir": settings.snapshot_dir,
        "spool_dir": settings.layout.spool,
        "pending_remembers": settings.layout.pending_remembers,
        "shown_dir": settings.layout.shown,
        "semantic": settings.semantic,
        "distiller": settings.distiller,  # status says whether it runs (distiller_choice.py)
        "claude_executable": settings.claude_executable,
        "memory_backend": settings.memory_backend,
        "team": {"home": settings.layout, "url": settings.team_url, "password": settings.team_password,
                 "timeout_s": settings.team_timeout_s, "actor": actor},
    }


def _review_config(settings: Settings) -> dict[str, object]:
    return {
        "review_api_key": settings.review_api_key,
        "review_model": settings.review_model,
        "review_batch_tokens": settings.review_batch_tokens,
        "review_timeout_s": settings.review_timeout_s,
        "review_attempts": settings.review_attempts,
        "review_price_in": settings.review_price_in,
        "review_price_out": settings.review_price_out,
        "review_monthly_tokens": settings.review_monthly_tokens or None,  # 0: no ceiling
        "review_monthly_usd": settings.review_monthly_usd or None,
        "review_cadence": (settings.review_mini_days, settings.review_full_days,
                           settings.review_staged_limit),
    }
