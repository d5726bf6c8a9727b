"""The one composition root. Nothing is built at import time: entry points call `build_container`.

Nothing is imported at import time either: every use case and adapter is named as
`deferred("module:Name")` (wiring/deferred.py) and imported when its provider is first resolved,
so a command loads what it uses (a finalize: the extraction and store stack, not review, scrub,
the archive or the web page; no SQLAlchemy unless an engine provider is resolved).
"""

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dependency_injector import containers, providers

from abzu.entrypoints.actor import current_actor
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.wiring.deferred import deferred
from abzu.entrypoints.wiring.lifecycle import SessionLifecycle
from abzu.entrypoints.wiring.memory import MemoryUseCases
from abzu.entrypoints.wiring.sessions import SessionProviders
from abzu.entrypoints.wiring.trust import TrustProviders

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from abzu.adapters.gemini.reviewer import GeminiReviewer
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
    from abzu.domain.decay import DecayPolicy
    from abzu.entrypoints.settings import Settings

UNDO = "undo"  # = adapters/sqlite/migrations/event_actor.UNDO: what `review --undo` puts back


def _store(path: Path, store: str) -> "Iterator[Engine]":
    from abzu.adapters.sqlite.stores import open_store  # SQLAlchemy: only for an engine's users

    engine = open_store(path, store)
    yield engine
    engine.dispose()


def _plain_store(path: Path, store: str) -> "Iterator[Sqlite3Store]":
    """The stdlib sqlite3 driver: SQLAlchemy's per-statement work was a fifth of a recall's CPU,
    and its import ~0.2 s of every background finalize. It creates or migrates the file itself
    (Alembic loads only for a store that is behind)."""
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store

    plain = Sqlite3Store(Path(path), store)
    yield plain
    plain.close()


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


def _team_uow(engine: Any, decay: "DecayPolicy", actor: str, read_only: bool = False) -> Any:
    from abzu.adapters.postgres.unit_of_work import PgUnitOfWork  # only when the backend is the team's

    return PgUnitOfWork(engine, decay, actor=actor, machine=os.uname().nodename, read_only=read_only)


def _team_recall_uow(engine: Any, decay: "DecayPolicy") -> Any:
    from abzu.adapters.postgres.recall_unit_of_work import PgRecallUnitOfWork  # four round trips a recall

    return PgRecallUnitOfWork(engine, decay)


def _gemini_client(**options: Any) -> Any:
    # google-genai costs ~0.5 s to import: only a review that reaches Gemini pays for it.
    from abzu.adapters.gemini.client import build_gemini_client

    return build_gemini_client(**options)


def _gemini_reviewer(**options: Any) -> "GeminiReviewer":
    from abzu.adapters.gemini.reviewer import GeminiReviewer

    return GeminiReviewer(**options)


def _redaction() -> Callable[..., Any]:
    from abzu.application.scrub.fields import redacted

    return redacted


class Container(containers.DeclarativeContainer):
    config = providers.Configuration(strict=True)

    clock = providers.Singleton(deferred("adapters.clock:SystemClock"))
    ids = providers.Singleton(deferred("adapters.ids:UuidIds"))
    decay = providers.Singleton(deferred("domain.decay:DecayPolicy"))
    ranking = providers.Singleton(deferred("domain.ranking:RankingPolicy"),
                                  relevance_floor=config.relevance_floor)
    workspace = providers.Factory(deferred("adapters.workspace:GitWorkspace"), cwd=config.cwd)
    git = providers.Singleton(deferred("adapters.git_repo:SubprocessGit"))

    # SQLAlchemy engines: review, scrub, doctor, the archive, the web page.
    wisdom_engine = providers.Resource(_store, path=config.wisdom_path, store="wisdom")
    staging_engine = providers.Resource(_store, path=config.staging_path, store="staging")
    uow = providers.Factory(
        deferred("adapters.sqlite.unit_of_work:SqliteUnitOfWork"), wisdom=wisdom_engine,
        staging=staging_engine, decay=decay, actor=config.actor,
    )
    # The history's "who" for the writers that are not the front door itself (issue 15).
    gemini_uow = providers.Factory(uow, actor="review:gemini")
    human_uow = providers.Factory(uow, actor="review:human")
    undo_uow = providers.Factory(uow, actor=UNDO)  # what it puts back: "restored by undo"
    # Reads that change nothing (status) take no write lock: plain BEGIN, never BEGIN IMMEDIATE.
    read_uow = providers.Factory(
        deferred("adapters.sqlite.unit_of_work:SqliteUnitOfWork"), wisdom=wisdom_engine,
        staging=staging_engine, decay=decay, read_only=True,
    )
    locations = providers.Factory(
        deferred("adapters.sqlite.store_locations:FileStoreLocations"), wisdom=config.wisdom_path,
        staging=config.staging_path,
    )

    # The stdlib sqlite3 driver: recall, the four memory operations, bulk remember, and the
    # background session work (finalize, recover, snapshot). Same repositories, same SQL.
    wisdom_plain = providers.Resource(_plain_store, config.wisdom_path, "wisdom")
    staging_plain = providers.Resource(_plain_store, config.staging_path, "staging")
    # `memory_backend = "team"` (issue 32; `abzu eval locomo --backend team`): remember, recall and
    # bulk remember keep memory on the team server itself, through the same ports.
    team_engine = providers.Resource(_team_engine, config=config.team, backend=config.memory_backend)
    team_uow = providers.Factory(_team_uow, engine=team_engine, decay=decay, actor=config.actor)
    recall_uow = providers.Selector(
        config.memory_backend,
        sqlite=providers.Factory(
            deferred("adapters.sqlite.recall_unit_of_work:SqliteRecallUnitOfWork"), wisdom=wisdom_plain,
            staging=staging_plain, decay=decay),
        team=providers.Factory(_team_recall_uow, engine=team_engine, decay=decay),
    )
    # With SQLAlchemy a remember cost 3.4 ms of CPU and held the write gate 4 ms (p50), on
    # sqlite3 1.4 ms and 1.1 ms; every writer on the machine queues behind that hold (issue 20).
    sqlite_writer = providers.Factory(
        deferred("adapters.sqlite.unit_of_work:SqliteUnitOfWork"), wisdom=wisdom_plain,
        staging=staging_plain, decay=decay, actor=config.actor,
    )
    # remember, star and bulk import write where memory lives; maintenance always runs here
    plain_uow = providers.Selector(config.memory_backend, sqlite=sqlite_writer, team=team_uow)
    trust = providers.Container(  # doctor, export/import, review spend (issue 15)
        TrustProviders, config=config, clock=clock, wisdom_engine=wisdom_engine,
        staging_engine=staging_engine, staging=staging_plain,
    )
    # One per process: it holds the embedding model once loaded (on the first hybrid recall).
    dense_recall = providers.Singleton(
        deferred("entrypoints.wiring.dense:dense_recall"), enabled=config.semantic,
        wisdom=config.wisdom_path, staging=config.staging_path, decay=decay,
    )
    # The team's side of recall (issue 32): None until `abzu team join`; one per process (its engine).
    team_recall = providers.Singleton(_team_recall, config=config.team)
    # The session lifecycle, mining and maintenance: the same factory the background jobs build
    # without the container (wiring/lifecycle.py), fed with this container's parts.
    lifecycle = providers.Factory(
        SessionLifecycle, home=providers.Callable(DataHome.at, config.home), wisdom=wisdom_plain,
        staging=staging_plain, writer=plain_uow.provider, clock=clock, ids=ids, workspace=workspace,
        decay=decay, git=git, max_chars=config.max_content_chars, semantic=config.semantic,
    )
    maintenance = providers.Factory(SessionLifecycle.maintenance, lifecycle)

    # --- review ---
    snapshots = providers.Factory(
        deferred("adapters.sqlite.snapshots:SqliteWisdomSnapshots"), engine=wisdom_engine,
        wisdom=config.wisdom_path, folder=config.snapshot_dir,
    )
    gemini_client = providers.Singleton(
        _gemini_client, api_key=config.review_api_key, timeout_s=config.review_timeout_s,
        attempts=config.review_attempts,
    )
    reviewer = providers.Singleton(_gemini_reviewer, client=gemini_client, model=config.review_model)
    batch_policy = providers.Singleton(deferred("domain.review.batching:BatchPolicy"),
                                       budget_tokens=config.review_batch_tokens)
    pricing = providers.Singleton(
        deferred("application.review.report:Pricing"), input_per_mtok=config.review_price_in,
        output_per_mtok=config.review_price_out,
    )
    run_review = providers.Factory(
        deferred("application.review.run_review:RunReview"), uow=gemini_uow, reviewer=reviewer,
        snapshots=snapshots, clock=clock, ids=ids, policy=batch_policy, pricing=pricing,
        ledger=trust.spend_ledger, ceiling=trust.ceiling,
    )
    undo_review = providers.Factory(deferred("application.review.undo_review:UndoReview"), uow=undo_uow,
                                    snapshots=snapshots, clock=clock)
    get_staged_candidates = providers.Factory(
        deferred("application.review.get_staged_candidates:GetStagedCandidates"), uow=uow)
    promote_candidate = providers.Factory(deferred("application.review.promote_candidate:PromoteCandidate"),
                                          uow=human_uow, clock=clock, ids=ids)
    discard_candidate = providers.Factory(deferred("application.review.discard_candidate:DiscardCandidate"),
                                          uow=human_uow, clock=clock, ids=ids)
    consolidate_beads = providers.Factory(deferred("application.review.consolidate_beads:ConsolidateBeads"),
                                          uow=human_uow, clock=clock, ids=ids)
    flag_for_deletion = providers.Factory(deferred("application.review.flag_for_deletion:FlagForDeletion"),
                                          uow=human_uow, clock=clock, ids=ids)
    unflag = providers.Factory(deferred("application.review.unflag:Unflag"), uow=human_uow)
    # what the agent wrote straight into wisdom.db, for a person to confirm or remove (issue 29)
    unreviewed_beads = providers.Factory(deferred("application.manage.unreviewed:UnreviewedBeads"),
                                         uow=read_uow)
    confirm_memory = providers.Factory(deferred("application.manage.confirm:ConfirmMemory"), uow=human_uow)
    remove_unreviewed = providers.Factory(deferred("application.manage.forget:ForgetMemory"), uow=human_uow)
    # --- bulk remember (issue 6: eval and imports) and transcript extraction (issue 4) ---
    remember_many = providers.Factory(SessionLifecycle.remember_many, lifecycle)
    extraction_uow = providers.Factory(SessionLifecycle.extraction_uow, lifecycle)
    extract_transcript = providers.Factory(SessionLifecycle.extract_transcript, lifecycle)

    # --- scrub ---
    scrub_stores = providers.Factory(
        deferred("application.scrub.scrub_stores:ScrubStores"),
        targets=providers.List(
            providers.Factory(deferred("adapters.sqlite.scrubber:SqliteStoreScrubber"), name="wisdom.db",
                              engine=wisdom_engine),
            providers.Factory(deferred("adapters.sqlite.scrubber:SqliteStoreScrubber"), name="abzu.db",
                              engine=staging_engine),
            providers.Factory(deferred("adapters.sqlite.scrubber:SqliteSnapshotScrubber"),
                              folder=config.snapshot_dir),
            providers.Factory(deferred("adapters.log_files:FileLogScrubber"), path=config.log_path),
            providers.Factory(deferred("adapters.spool.scrubber:FileSpoolScrubber"), folder=config.spool_dir),
        ),
        transform=providers.Callable(_redaction),
    )

    # --- session lifecycle (issue 4) ---
    sessions = providers.Container(
        SessionProviders, config=config, clock=clock, decay=decay, ranking=ranking, workspace=workspace,
        lifecycle=lifecycle,
    )

    # --- the four memory operations: the same factory the CLI builds without the container ---
    memory_read_uow = providers.Selector(
        config.memory_backend,
        sqlite=providers.Factory(
            deferred("adapters.sqlite.unit_of_work:SqliteUnitOfWork"), wisdom=wisdom_plain,
            staging=staging_plain, decay=decay, read_only=True),
        team=providers.Factory(team_uow, read_only=True),
    )
    memory = providers.Factory(
        MemoryUseCases, writer=plain_uow.provider, recaller=recall_uow.provider,
        reader=memory_read_uow.provider,
        sessions=sessions.uow.provider, clock=clock, ids=ids, workspace=workspace, ranking=ranking,
        max_chars=config.max_content_chars, locations=locations, spool=sessions.spool,
        pending=providers.Callable(deferred("adapters.sqlite.pending_writes:PendingRemembers"),
                                   config.pending_remembers),
        dense=dense_recall,
        team=team_recall,
    )
    remember = providers.Factory(MemoryUseCases.remember, memory)
    recall = providers.Factory(MemoryUseCases.recall, memory)
    recall_once = providers.Factory(MemoryUseCases.recall_once, memory)
    star = providers.Factory(MemoryUseCases.star, memory)
    status = providers.Factory(MemoryUseCases.status, memory)


def build_container(
    settings: "Settings | None" = None, cwd: Path | None = None, actor: str | None = None,
) -> Container:
    """`actor`: the front door the history names (cli, mcp, hook); ABZU_ACTOR, else cli."""
    if settings is None:
        from abzu.entrypoints.settings import Settings

        settings = Settings()
    container = Container()
    container.config.from_dict(
        {**_store_config(settings, cwd, actor or current_actor()), "actor": actor or current_actor(),
         **_review_config(settings)}
    )
    return container


def _store_config(settings: "Settings", cwd: Path | None, actor: str) -> dict[str, object]:
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


def _review_config(settings: "Settings") -> dict[str, object]:
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
