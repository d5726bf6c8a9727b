"""The one composition root. Nothing is built at import time: entry points call `build_container`.

Nothing is imported at import time either: every use case and adapter is named as
`deferred("module:Name")` (wiring/deferred.py) and imported when its provider is first resolved,
so a command loads what it uses (a finalize: the extraction and store stack, not review, scrub,
the archive or the web page). The stores are reached through the standard library's sqlite3
only (adapters/sqlite/db.py); SQLAlchemy loads only while Alembic migrates a store.

The stores, the memory operations and the lifecycle factory are wired here; each other group is a
sub-container in its own module, reached by its name: `container.sessions.*` (sessions.py),
`review.*` (review.py), `scrub.*` (scrub.py), `trust.*` (trust.py), `team.*` (team_server.py).
"""

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from dependency_injector import containers, providers

from abzu.entrypoints.actor import current_actor
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.wiring.deferred import deferred
from abzu.entrypoints.wiring.lifecycle import SessionLifecycle
from abzu.entrypoints.wiring.memory import MemoryUseCases
from abzu.entrypoints.wiring.review import ReviewProviders, review_config
from abzu.entrypoints.wiring.scrub import ScrubProviders
from abzu.entrypoints.wiring.sessions import SessionProviders
from abzu.entrypoints.wiring.team_server import TeamProviders
from abzu.entrypoints.wiring.trust import TrustProviders

if TYPE_CHECKING:
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
    from abzu.entrypoints.settings import Settings


def _store(path: Path, store: str) -> "Iterator[Sqlite3Store]":
    """A store file on the stdlib sqlite3 driver; it creates or migrates the file on its first
    connection (Alembic loads only for a store that is behind)."""
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store

    opened = Sqlite3Store(Path(path), store)
    yield opened
    opened.close()


class Container(containers.DeclarativeContainer):
    config = providers.Configuration(strict=True)

    clock = providers.Singleton(deferred("adapters.clock:SystemClock"))
    ids = providers.Singleton(deferred("adapters.ids:UuidIds"))
    decay = providers.Singleton(deferred("domain.decay:DecayPolicy"))
    ranking = providers.Singleton(deferred("domain.ranking:RankingPolicy"),
                                  relevance_floor=config.relevance_floor)
    workspace = providers.Factory(deferred("adapters.workspace:GitWorkspace"), cwd=config.cwd)
    git = providers.Singleton(deferred("adapters.git_repo:SubprocessGit"))

    # Every reader and writer of the two stores: recall, the memory operations, the session work,
    # review, scrub, the archive, the web page (one driver, one pool of connections per store).
    wisdom_store = providers.Resource(_store, config.wisdom_path, "wisdom")
    staging_store = providers.Resource(_store, config.staging_path, "staging")
    # the local stores, whatever the memory backend: review, maintenance, the web page
    uow = providers.Factory(
        deferred("adapters.sqlite.unit_of_work:SqliteUnitOfWork"), wisdom=wisdom_store,
        staging=staging_store, decay=decay, actor=config.actor,
    )
    # Reads that change nothing (status) take no write lock: plain BEGIN, never BEGIN IMMEDIATE.
    read_uow = providers.Factory(
        deferred("adapters.sqlite.unit_of_work:SqliteUnitOfWork"), wisdom=wisdom_store,
        staging=staging_store, decay=decay, read_only=True,
    )
    locations = providers.Factory(
        deferred("adapters.sqlite.store_locations:FileStoreLocations"), wisdom=config.wisdom_path,
        staging=config.staging_path,
    )

    # `memory_backend = "team"` (issue 32; `abzu eval locomo --backend team`): remember, recall and
    # bulk remember keep memory on the team server itself, through the same ports.
    team = providers.Container(TeamProviders, config=config, decay=decay)
    recall_uow = providers.Selector(
        config.memory_backend,
        sqlite=providers.Factory(
            deferred("adapters.sqlite.recall_unit_of_work:SqliteRecallUnitOfWork"), wisdom=wisdom_store,
            staging=staging_store, decay=decay),
        team=team.recall_uow,
    )
    # remember, star and bulk import write where memory lives; maintenance always runs here
    plain_uow = providers.Selector(config.memory_backend, sqlite=uow, team=team.uow)
    trust = providers.Container(  # doctor, export/import, review spend (issue 15)
        TrustProviders, config=config, clock=clock, wisdom=wisdom_store, staging=staging_store,
    )
    # One per process: it holds the embedding model once loaded (on the first hybrid recall).
    dense_recall = providers.Singleton(
        deferred("entrypoints.wiring.dense:dense_recall"), enabled=config.semantic,
        wisdom=config.wisdom_path, staging=config.staging_path, decay=decay,
    )
    # The session lifecycle, mining and maintenance: the same factory the background jobs build
    # without the container (wiring/lifecycle.py), fed with this container's parts.
    home = providers.Callable(DataHome.at, config.home)
    lifecycle = providers.Factory(
        SessionLifecycle, home=home, wisdom=wisdom_store, staging=staging_store, writer=plain_uow.provider,
        clock=clock, ids=ids, workspace=workspace, decay=decay, git=git, max_chars=config.max_content_chars,
        semantic=config.semantic,
    )
    # the session lifecycle's use cases, transcript mining, bulk remember, maintenance (issues 4, 6)
    sessions = providers.Container(
        SessionProviders, clock=clock, decay=decay, ranking=ranking, workspace=workspace,
        lifecycle=lifecycle, home=home, cadence=trust.cadence,
    )
    # the review and a person's confirming what the agent wrote (spec §11, issue 29)
    review = providers.Container(
        ReviewProviders, config=config, clock=clock, ids=ids, wisdom=wisdom_store, uow=uow,
        read_uow=read_uow, ledger=trust.spend_ledger, ceiling=trust.ceiling,
    )
    scrub = providers.Container(ScrubProviders, config=config, wisdom=wisdom_store, staging=staging_store)

    # --- the four memory operations: the same factory the CLI builds without the container ---
    memory_read_uow = providers.Selector(
        config.memory_backend,
        sqlite=read_uow,
        team=providers.Factory(team.uow, read_only=True),
    )
    memory = providers.Factory(
        MemoryUseCases, writer=plain_uow.provider, recaller=recall_uow.provider,
        reader=memory_read_uow.provider,
        sessions=sessions.uow.provider, clock=clock, ids=ids, workspace=workspace, ranking=ranking,
        max_chars=config.max_content_chars, locations=locations, spool=sessions.spool,
        pending=providers.Callable(deferred("adapters.sqlite.pending_writes:PendingRemembers"),
                                   config.pending_remembers),
        dense=dense_recall,
        team=team.recall,
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
    actor = actor or current_actor()
    container.config.from_dict(
        {**_store_config(settings, cwd, actor), "actor": actor, **review_config(settings)})
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
