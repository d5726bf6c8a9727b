"""The repository methods the review added, held to one contract by the fakes and SQLite."""

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from abzu.application.ports import UnitOfWork
from abzu.entrypoints.wiring.container import Container
from tests.contract.stores import KINDS, unit_of_work
from tests.fakes import T0, FakeUnitOfWork, bead
from tests.unit.review.helpers import candidate


@pytest.fixture(params=KINDS)
def uow(request: pytest.FixtureRequest) -> Iterator[UnitOfWork]:
    if request.param == "fake":
        yield FakeUnitOfWork()
        return
    if request.param == "postgres":
        with unit_of_work("postgres", Path(), request) as sut:
            yield sut
        return
    container: Container = request.getfixturevalue("container")
    yield container.uow()


def fill(uow: UnitOfWork) -> None:
    for name in ("api", "web"):
        uow.projects.register(name, None, T0)
    uow.candidates.add(candidate("c-3", "third note on caching", created_at=T0 + timedelta(3)))
    uow.candidates.add(candidate("c-1", "first note on caching", created_at=T0 + timedelta(1)))
    uow.candidates.add(candidate("c-2", "web note", project="web", created_at=T0 + timedelta(2)))
    uow.candidates.add(candidate("c-0", "first note on cache", superseded_by="c-1"))
    uow.beads.add(bead("b-1", "caching caching with redis", project="api"))
    uow.beads.add(bead("b-2", "caching in the web tier", project="web"))
    uow.beads.add(bead("b-3", "caching flagged", gemini_flagged=True, flag_reason="x"))
    uow.beads.add(bead("b-4", "caching superseded", superseded_by="b-1"))


def test_staged_lists_live_candidates_oldest_first(uow: UnitOfWork):
    with uow:
        fill(uow)
        assert [c.id for c in uow.candidates.staged()] == ["c-1", "c-2", "c-3"]
        assert [c.id for c in uow.candidates.staged("web")] == ["c-2"]
        assert [c.id for c in uow.candidates.staged(limit=2)] == ["c-1", "c-2"]


def test_superseded_by_and_delete(uow: UnitOfWork):
    with uow:
        fill(uow)
        assert [c.id for c in uow.candidates.superseded_by("c-1")] == ["c-0"]
        uow.candidates.delete("c-1")
        assert uow.candidates.get("c-1") is None
        assert [c.id for c in uow.candidates.staged()] == ["c-2", "c-3"]


def test_related_finds_live_unflagged_beads_in_scope_best_first(uow: UnitOfWork):
    with uow:
        fill(uow)
        assert [b.id for b in uow.beads.related(["caching"], None, 5)] == ["b-1", "b-2"]
        assert [b.id for b in uow.beads.related(["caching"], "web", 5)] == ["b-2"]
        assert uow.beads.related(["caching"], None, 1)[0].id == "b-1"
        assert uow.beads.related(["nothing"], None, 5) == []
