"""What every CandidateRepository must do, checked on the in-memory fake and on SQLite alike."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.domain.scope import Scope, ScopeKind
from tests.contract.stores import KINDS, unit_of_work
from tests.fakes import T0, candidate


@pytest.fixture(params=KINDS)
def uow(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[UnitOfWork]:
    with unit_of_work(request.param, tmp_path, request) as sut:
        yield sut


def store(uow: UnitOfWork, *candidates: Candidate) -> None:
    with uow:
        for c in candidates:
            uow.candidates.add(c)
        uow.commit()


def test_a_candidate_comes_back_exactly_as_stored(uow: UnitOfWork) -> None:
    full = candidate("c-1", summary="WAL", session_id="s-1", tags=("sqlite",), context="hook",
                     source=CandidateSource.SESSION_END, category=Category.FIX)
    store(uow, full)
    with uow:
        assert uow.candidates.get("c-1") == full
        assert uow.candidates.get("c-nope") is None


def test_an_update_is_kept_and_uncommitted_work_is_not(uow: UnitOfWork) -> None:
    store(uow, candidate("c-1"))
    with uow:
        uow.candidates.update(candidate("c-1").superseded(by="c-2"))
        uow.candidates.add(candidate("c-2", "never committed"))
        uow.commit()
        uow.candidates.add(candidate("c-3", "rolled back"))
    with uow:
        assert (found := uow.candidates.get("c-1")) is not None and found.superseded_by == "c-2"
        assert uow.candidates.get("c-2") is not None
        assert uow.candidates.get("c-3") is None


def test_find_by_hash_stays_within_the_project(uow: UnitOfWork) -> None:
    store(uow, candidate("c-api"), candidate("c-global", project=None))
    digest = content_hash("Use WAL for SQLite")
    with uow:
        assert (found := uow.candidates.find_by_hash(digest, "api")) is not None and found.id == "c-api"
        assert (found := uow.candidates.find_by_hash(digest, None)) is not None and found.id == "c-global"
        assert uow.candidates.find_by_hash(digest, "web") is None


def test_ids_by_hash_answers_many_at_once_as_find_by_hash_would(uow: UnitOfWork) -> None:
    store(uow, candidate("c-api"), candidate("c-later"), candidate("c-global", project=None))
    digest, other = content_hash("Use WAL for SQLite"), content_hash("never stored")
    with uow:
        assert uow.candidates.ids_by_hash([digest, other], "api") == {digest: "c-api"}
        assert uow.candidates.ids_by_hash([digest], None) == {digest: "c-global"}
        assert uow.candidates.ids_by_hash([digest], "web") == {}


def test_neighbours_are_live_candidates_of_exactly_that_project(uow: UnitOfWork) -> None:
    store(
        uow,
        candidate("c-close", "sqlite wal mode readers"),
        candidate("c-old", "sqlite wal mode readers", superseded_by="c-close"),
        candidate("c-web", "sqlite wal mode readers", project="web"),
    )
    with uow:
        assert [n.item_id for n in uow.candidates.neighbours(["sqlite", "wal"], "api", 3)] == ["c-close"]


@pytest.mark.parametrize(
    ("scope", "expected"),
    [
        (Scope(ScopeKind.PROJECT, "api"), {"c-api", "c-global"}),
        (Scope(ScopeKind.PROJECT, None), {"c-global"}),
        (Scope(ScopeKind.ALL, "api"), {"c-api", "c-global", "c-web"}),
    ],
)
def test_search_sees_only_live_candidates_in_scope(uow: UnitOfWork, scope: Scope, expected: set[str]) -> None:
    store(
        uow,
        candidate("c-api", "sqlite wal"), candidate("c-global", "sqlite wal", project=None),
        candidate("c-web", "sqlite wal", project="web"),
        candidate("c-old", "sqlite wal", superseded_by="c-api"),
    )
    with uow:
        hits = uow.candidates.search(["sqlite"], scope, limit=10, now=T0)
    assert {h.item_id for h in hits} == expected
    assert {(h.weight, h.source.value) for h in hits} == {(1.0, "candidate")}


def test_search_puts_the_strongest_match_first(uow: UnitOfWork) -> None:
    store(uow, candidate("c-weak", "sqlite plus many unrelated words diluting this match"),
          candidate("c-strong", "sqlite sqlite"))
    with uow:
        hits = uow.candidates.search(["sqlite"], Scope(ScopeKind.ALL, None), limit=1, now=T0)
    assert [h.item_id for h in hits] == ["c-strong"]
