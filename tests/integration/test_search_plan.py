"""Bounded ranking: rare words are ranked exactly by BM25; words too common for that get a recency window.
The team store on PostgreSQL follows the same plan (issue 32)."""

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from abzu.adapters.postgres import search as team_search
from abzu.adapters.sqlite import fts
from abzu.application.ports import UnitOfWork
from abzu.domain.scope import Scope, ScopeKind
from tests.contract.stores import STORES, unit_of_work
from tests.fakes import T0, bead

ALL = Scope(ScopeKind.ALL, None)


@pytest.fixture(params=STORES)
def store(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[UnitOfWork]:
    for plan in (fts, team_search):
        monkeypatch.setattr(plan, "RANK_BUDGET", 3)
        monkeypatch.setattr(plan, "RECENT_WINDOW", 4)
    with unit_of_work(request.param, tmp_path, request) as uow:
        with uow:
            uow.projects.register("api", "/src/api", T0)
            for i in range(8):  # b-0 is the oldest: rowids follow insertion
                text = f"common note {i}" + (" other" if i % 2 else "")
                uow.beads.add(bead(f"b-{i}", text, created_at=T0 + timedelta(minutes=i)))
            uow.beads.add(bead("b-rare-1", "rare common word"))
            uow.beads.add(bead("b-rare-2", "rare rare thing"))
            uow.commit()
        yield uow


def search(uow: UnitOfWork, *terms: str) -> list[tuple[str, float]]:
    with uow:
        return [(h.item_id, h.strength) for h in uow.beads.search(list(terms), ALL, limit=20, now=T0)]


def test_rare_words_are_ranked_exactly_by_bm25(store: UnitOfWork) -> None:
    found = search(store, "rare")
    assert [i for i, _ in found] == ["b-rare-2", "b-rare-1"]
    assert found[0][1] > found[1][1] > 0


def test_a_common_word_beside_a_rare_one_is_left_to_the_rare_one(store: UnitOfWork) -> None:
    assert {i for i, _ in search(store, "common", "rare")} == {"b-rare-1", "b-rare-2"}


def test_a_word_too_common_to_rank_yields_the_newest_matches(store: UnitOfWork) -> None:
    assert search(store, "common") == [("b-rare-1", 1.0), ("b-7", 1.0), ("b-6", 1.0), ("b-5", 1.0)]


def test_among_the_newest_matches_those_with_every_word_come_first(store: UnitOfWork) -> None:
    found = search(store, "common", "other")
    assert found == [("b-7", 1.0), ("b-5", 1.0), ("b-rare-1", 0.5), ("b-6", 0.5)]


def test_words_that_match_nothing_are_ignored(store: UnitOfWork) -> None:
    assert search(store, "absent") == []
    assert [i for i, _ in search(store, "absent", "rare")] == ["b-rare-2", "b-rare-1"]
