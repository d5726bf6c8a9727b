"""What every BeadRepository must do, checked on the in-memory fake and on SQLite alike."""

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import VouchedBy
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.scope import Scope, ScopeKind
from tests.contract.stores import KINDS, unit_of_work
from tests.fakes import T0, bead


@pytest.fixture(params=KINDS)
def uow(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[UnitOfWork]:
    with unit_of_work(request.param, tmp_path, request) as sut:
        with sut:
            for name, path in (("api", "/src/api"), ("web", "/src/web")):
                sut.projects.register(name, path, T0)
            sut.commit()
        yield sut


def store(uow: UnitOfWork, *beads: object) -> None:
    with uow:
        for b in beads:
            uow.beads.add(b)  # type: ignore[arg-type]
        uow.commit()


def test_an_unknown_id_is_nothing(uow: UnitOfWork) -> None:
    with uow:
        assert uow.beads.get("b-nope") is None


def test_a_bead_comes_back_exactly_as_stored(uow: UnitOfWork) -> None:
    full = bead(
        "b-1", "Use WAL\n  for SQLite", summary="WAL", tags=("sqlite", "wal"), context="manual",
        starred=True, weight=0.5, last_accessed=T0 + timedelta(seconds=1, microseconds=7),
        promoted_at=T0, category=Category.DECISION, gemini_flagged=True, flag_reason="stale",
    )
    store(uow, full, bead("b-global", "x", project=None))
    with uow:
        assert uow.beads.get("b-1") == full
        assert (found := uow.beads.get("b-global")) is not None and found.project is None


def test_an_update_is_kept(uow: UnitOfWork) -> None:
    store(uow, bead("b-1"))
    with uow:
        uow.beads.update(bead("b-1").star())
        uow.commit()
    with uow:
        assert (found := uow.beads.get("b-1")) is not None and found.starred is True


def test_work_that_is_not_committed_is_rolled_back(uow: UnitOfWork) -> None:
    with uow:
        uow.beads.add(bead("b-1"))
    with uow:
        assert uow.beads.get("b-1") is None


def test_a_bead_for_an_unregistered_project_is_refused(uow: UnitOfWork) -> None:
    with uow, pytest.raises(Exception, match=r"(?i)foreign key"):
        uow.beads.add(bead("b-1", project="nowhere"))


def test_find_by_hash_stays_within_the_project(uow: UnitOfWork) -> None:
    api, glob = bead("b-api", "same text"), bead("b-global", "same text", project=None)
    store(uow, api, glob)
    with uow:
        assert (found := uow.beads.find_by_hash(api.content_hash, "api")) is not None and found.id == "b-api"
        found = uow.beads.find_by_hash(api.content_hash, None)
        assert found is not None and found.id == "b-global"
        assert uow.beads.find_by_hash(api.content_hash, "web") is None


def test_neighbours_are_live_beads_of_exactly_that_project_closest_first(uow: UnitOfWork) -> None:
    store(
        uow,
        bead("b-close", "sqlite wal mode readers writer"),
        bead("b-far", "sqlite " + "unrelated " * 20),
        bead("b-new", "sqlite wal other"),
        bead("b-old", "sqlite wal mode readers writer", superseded_by="b-new"),
        bead("b-web", "sqlite wal mode readers writer", project="web"),
        bead("b-global", "sqlite wal mode readers writer", project=None),
    )
    with uow:
        found = [n.item_id for n in uow.beads.neighbours(["sqlite", "wal", "mode", "readers"], "api", 2)]
        assert found == ["b-close", "b-new"]
        assert [n.item_id for n in uow.beads.neighbours(["sqlite"], None, 3)] == ["b-global"]
        assert uow.beads.neighbours([], "api", 3) == []


@pytest.fixture
def spread(uow: UnitOfWork) -> None:
    store(
        uow,
        bead("b-api", "sqlite wal sqlite"),
        bead("b-api-weak", "sqlite and a long tail of words that dilute the match a lot"),
        bead("b-global", "sqlite wal", project=None),
        bead("b-web", "sqlite wal", project="web"),
        bead("b-flagged", "sqlite wal", gemini_flagged=True),
        bead("b-old", "sqlite wal", superseded_by="b-api"),
    )


@pytest.mark.usefixtures("spread")
@pytest.mark.parametrize(
    ("scope", "expected"),
    [
        (Scope(ScopeKind.PROJECT, "api"), {"b-api", "b-api-weak", "b-global"}),
        (Scope(ScopeKind.PROJECT, None), {"b-global"}),
        (Scope(ScopeKind.ALL, "api"), {"b-api", "b-api-weak", "b-global", "b-web"}),
    ],
)
def test_search_sees_only_live_unflagged_beads_in_scope(
    uow: UnitOfWork, scope: Scope, expected: set[str]
) -> None:
    with uow:
        assert {h.item_id for h in uow.beads.search(["sqlite"], scope, limit=10, now=T0)} == expected


@pytest.mark.usefixtures("spread")
def test_search_puts_the_strongest_match_first_and_honours_the_limit(uow: UnitOfWork) -> None:
    with uow:
        hits = uow.beads.search(["sqlite"], Scope(ScopeKind.PROJECT, "api"), limit=2, now=T0)
    assert len(hits) == 2 and hits[0].strength >= hits[1].strength > 0
    assert "b-api-weak" not in {h.item_id for h in hits}


@pytest.mark.usefixtures("spread")
@pytest.mark.parametrize("terms", [[], ["!!"], ['"', "--"]])
def test_search_without_searchable_terms_finds_nothing(uow: UnitOfWork, terms: list[str]) -> None:
    with uow:
        assert uow.beads.search(terms, Scope(ScopeKind.ALL, None), limit=10, now=T0) == []


@pytest.mark.parametrize("idle_days", [0, 29, 30, 89, 90, 179, 180, 364, 365, 1000])
def test_search_reports_todays_decay_weight(uow: UnitOfWork, idle_days: int) -> None:
    now = T0 + timedelta(days=2000)
    plain = bead("b-plain", "sqlite", last_accessed=now - timedelta(days=idle_days))
    never = bead("b-never", "sqlite", created_at=now - timedelta(days=idle_days))
    starred = bead("b-star", "sqlite", starred=True)
    pref = bead("b-pref", "sqlite", category=Category.PREFERENCE)
    store(uow, plain, never, starred, pref)
    with uow:
        hits = uow.beads.search(["sqlite"], Scope(ScopeKind.ALL, None), limit=10, now=now)
    expected = DecayPolicy().weight(plain, now=now)
    assert {h.item_id: h.weight for h in hits} == {
        "b-plain": expected, "b-never": expected, "b-star": 1.0, "b-pref": 1.0
    }


def test_mark_recalled_stamps_only_the_given_beads(uow: UnitOfWork) -> None:
    store(uow, bead("b-1"), bead("b-2", "other"))
    at = T0 + timedelta(days=5)
    with uow:
        uow.beads.mark_recalled(["b-1"], at)
        uow.beads.mark_recalled([], at)
        uow.commit()
    with uow:
        assert (found := uow.beads.get("b-1")) is not None and found.last_accessed == at
        assert (found := uow.beads.get("b-2")) is not None and found.last_accessed is None
        hit = uow.beads.search(["other"], Scope(ScopeKind.ALL, None), limit=1, now=at)
        assert hit[0].last_accessed is None


def test_apply_decay_stores_weights_and_counts_only_changes(uow: UnitOfWork) -> None:
    store(uow, bead("b-old", created_at=T0 - timedelta(days=200)), bead("b-new", "fresh"))
    with uow:
        assert uow.beads.apply_decay(T0) == 1
        uow.commit()
    with uow:
        assert (found := uow.beads.get("b-old")) is not None and found.weight == 0.2
        assert uow.beads.apply_decay(T0) == 0


def test_delete_flagged_removes_only_flagged_beads_and_frees_their_successors(uow: UnitOfWork) -> None:
    store(uow, bead("b-doomed", "a", gemini_flagged=True), bead("b-keep", "b"))
    store(uow, bead("b-child", "c", superseded_by="b-doomed"))
    with uow:
        assert uow.beads.delete_flagged() == ["b-doomed"]
        uow.commit()
    with uow:
        assert uow.beads.get("b-doomed") is None
        assert (found := uow.beads.get("b-child")) is not None and found.superseded_by is None
        assert uow.beads.get("b-keep") is not None
        assert uow.beads.delete_flagged() == []


def test_unreviewed_lists_the_agent_s_live_unflagged_beads_oldest_first(uow: UnitOfWork) -> None:
    agent = {"category": Category.PREFERENCE, "vouched_by": VouchedBy.AGENT}
    store(uow,
          bead("b-new", "Prefer tabs", created_at=T0 + timedelta(hours=1), **agent),
          bead("b-old", "Prefer spaces", project="web", **agent),
          bead("b-flagged", "Prefer emacs", gemini_flagged=True, flag_reason="stale", **agent),
          bead("b-person", "Prefer vim", category=Category.PREFERENCE, vouched_by=VouchedBy.PERSON),
          bead("b-review", "Use WAL"))
    with uow:
        uow.beads.supersede("b-new", by="b-old")
        uow.commit()
    store(uow, bead("b-newest", "Prefer ruff", created_at=T0 + timedelta(hours=2), **agent))
    with uow:
        assert [b.id for b in uow.beads.unreviewed()] == ["b-old", "b-newest"]
        assert [b.id for b in uow.beads.unreviewed("api")] == ["b-newest"]
        assert [b.id for b in uow.beads.unreviewed(limit=1)] == ["b-old"]
        assert (found := uow.beads.get("b-old")) is not None and found.vouched_by is VouchedBy.AGENT
