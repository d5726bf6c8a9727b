"""Every reader of the stores searches alike: recall's repositories (the units of work), the SessionStart
reader (its own read-only connection) and `related` return the same memories in the same order, and one scale
ranks beads against candidates, in the local stores and in the team store alike."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.application.ports import UnitOfWork
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy, SearchHit, Source
from abzu.domain.scope import Scope, ScopeKind
from abzu.domain.term_weights import shared_weights
from abzu.domain.text import keywords
from tests.contract.stores import STORES, unit_of_work
from tests.fakes import T0, bead, candidate
from tests.integration.sqlite_helpers import open_store

NOTES = [
    "SQLite WAL mode lets readers run while one writer commits",
    "Use WAL mode and a busy timeout for SQLite under contention",
    "The hook must exit 0 and log one line when SQLite is locked",
    "Prefer httpx over requests for the Gemini client",
    "A checkpoint starvation in WAL grows the file without bound",
    "Deploy notes: the staging server runs Debian with SQLite 3.45",
]
QUERIES = ["sqlite wal", "WAL checkpoint starvation", "busy timeout contention", "gemini client",
           "debian server sqlite", "nothing matches this"]


def engines(folder: Path) -> tuple[Sqlite3Store, Sqlite3Store]:
    return open_store(folder / "wisdom.db", "wisdom"), open_store(folder / "abzu.db", "staging")


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    wisdom, staging = engines(tmp_path)
    uow = SqliteUnitOfWork(wisdom, staging, DecayPolicy())
    with uow:
        uow.projects.register("api", None, T0)
        for i, note in enumerate(NOTES):
            uow.beads.add(bead(f"b-{i}", note, context="from a session about storage" if i % 2 else None))
            uow.candidates.add(candidate(f"c-{i}", note + " (staged)"))
        uow.commit()
    wisdom.close()
    staging.close()
    yield tmp_path


def repository_hits(folder: Path, query: str) -> list[SearchHit]:
    wisdom, staging = engines(folder)
    try:
        return store_hits(SqliteUnitOfWork(wisdom, staging, DecayPolicy()), query)
    finally:
        wisdom.close()
        staging.close()


def session_start_hits(folder: Path, query: str) -> list[SearchHit]:
    reader = Sqlite3SessionContext(folder / "wisdom.db", folder / "abzu.db", DecayPolicy())
    try:
        return reader.search(keywords(query), "api", limit=10, now=T0)
    finally:
        reader.close()


def ranked(hits: list[SearchHit]) -> list[str]:
    return [r.hit.item_id for r in RankingPolicy().rank(hits, focus_project="api", limit=10)]


@pytest.mark.parametrize("query", QUERIES)
def test_recall_and_session_start_find_the_same_memories_in_the_same_order(folder: Path, query: str) -> None:
    recall, session_start = repository_hits(folder, query), session_start_hits(folder, query)
    assert [(h.item_id, h.strength, h.ceiling) for h in recall] == [
        (h.item_id, h.strength, h.ceiling) for h in session_start
    ]
    assert ranked(recall) == ranked(session_start)


def fill(uow: UnitOfWork) -> None:
    with uow:
        uow.projects.register("api", None, T0)
        for i, note in enumerate(NOTES):
            uow.beads.add(bead(f"b-{i}", note, context="from a session about storage" if i % 2 else None))
            uow.candidates.add(candidate(f"c-{i}", note + " (staged)"))
        uow.commit()


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[UnitOfWork]:
    """The same notes in each real store: SQLite, and the team store on PostgreSQL."""
    with unit_of_work(request.param, tmp_path, request) as uow:
        fill(uow)
        yield uow


def store_hits(uow: UnitOfWork, query: str) -> list[SearchHit]:
    """Both tables' hits, the terms weighed alike in both (as Recall weighs them)."""
    scope, terms = Scope(ScopeKind.PROJECT, "api"), keywords(query)
    with uow:
        stores = (uow.beads, uow.candidates)
        counts = [store.term_counts(terms) for store in stores]
        weights = shared_weights(counts)
        return [hit for store, held in zip(stores, counts, strict=True)
                for hit in store.search(terms, scope, limit=10, now=T0, counts=held, weights=weights)]


@pytest.mark.parametrize("query", QUERIES)
def test_related_beads_come_in_the_order_of_the_bead_search(store: UnitOfWork, query: str) -> None:
    with store:
        related = [b.id for b in store.beads.related(keywords(query), "api", 10)]
        searched = [h.item_id for h in store.beads.search(
            keywords(query), Scope(ScopeKind.PROJECT, "api"), limit=10, now=T0)]
    assert related == searched


def test_the_why_column_finds_a_memory_by_where_it_came_from(store: UnitOfWork) -> None:
    found = [h.item_id for h in store_hits(store, "storage session") if h.source is Source.BEAD]
    assert found and set(found) <= {"b-1", "b-3", "b-5"}


@pytest.mark.parametrize("query", QUERIES)
def test_every_store_ranks_the_same_memory_first(store: UnitOfWork, tmp_path: Path, query: str) -> None:
    """One scale for every store (issue 32): the team store's best match is the local store's."""
    with unit_of_work("sqlite", tmp_path / "local") as local:
        fill(local)
        expected = ranked(store_hits(local, query))[:1]
    assert ranked(store_hits(store, query))[:1] == expected


@pytest.mark.parametrize("kind", STORES)
def test_a_weak_lone_bead_ranks_below_a_strong_candidate(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    filler = " ".join(f"word{i}" for i in range(29))
    with unit_of_work(kind, tmp_path, request) as uow:
        with uow:
            uow.projects.register("api", None, T0)
            uow.beads.add(bead("weak-bead", f"{filler} checkpoint"))
            for i in range(20):  # a staging table of some size, so its IDFs mean something
                uow.candidates.add(candidate(f"other-{i}", f"unrelated staged note number {i}"))
            uow.candidates.add(candidate("strong", "WAL checkpoint starvation: cap the wal size"))
            uow.commit()
        assert ranked(store_hits(uow, "wal checkpoint starvation")) == ["strong"]
