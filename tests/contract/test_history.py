"""What every store's history (`memory_events`) records, checked on SQLite and on the team store:
the same events, details and writer for the same changes, oldest first, never any text."""

from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from abzu.domain.history import MemoryEvent
from tests.contract.stores import STORES, event_log, unit_of_work
from tests.fakes import T0, bead, candidate


def changes(kind: str, folder: Path, request: pytest.FixtureRequest) -> None:
    with unit_of_work(kind, folder, request, actor="review:human") as uow:
        with uow:
            uow.projects.register("api", None, T0)
            uow.beads.add(bead("b-old", "Retry the deploy once", promoted_at=T0))
            uow.beads.add(bead("b-1", "Retry the deploy on registry timeouts"))
            uow.candidates.add(candidate("c-1", "Pin the Node version in CI"))
            uow.commit()
        with uow:
            uow.beads.supersede("b-old", "b-1")
            found = uow.beads.get("b-1")
            assert found is not None
            uow.beads.update(replace(found.star(), content="Retry the deploy twice on registry timeouts"))
            uow.beads.update(replace(found.star().flagged("outdated"), weight=0.5))
            uow.bead_sources.record("b-1", ["c-1"])
            uow.candidates.delete("c-1")
            uow.commit()
        with uow:
            uow.beads.add(bead("b-unsaved", "rolled back"))  # never committed: no event either


def plain(events: list[MemoryEvent]) -> list[tuple[str, str, str, str | None, str | None]]:
    return [(e.store, e.item_id, e.event, e.detail, e.who) for e in events]


@pytest.mark.parametrize("kind", STORES)
def test_each_change_is_one_event_in_written_order_with_its_writer(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    changes(kind, tmp_path, request)
    with event_log(kind, tmp_path, request) as log:
        bead_events = plain(log.for_item("b-1"))
        assert bead_events[0] == ("wisdom", "b-1", "created", "learning", "review:human")
        assert sorted(bead_events[1:]) == sorted([
            ("wisdom", "b-1", "content changed", None, "review:human"),
            ("wisdom", "b-1", "starred", None, "review:human"),
            ("wisdom", "b-1", "decayed", "1.0 -> 0.5", "review:human"),
            ("wisdom", "b-1", "flagged", None, "review:human"),
            ("wisdom", "b-1", "content changed", None, "review:human"),
            ("wisdom", "b-1", "derived", "from c-1", "review:human"),
        ])
        assert plain(log.for_item("b-old")) == [
            ("wisdom", "b-old", "promoted", "learning", "review:human"),
            ("wisdom", "b-old", "superseded", "by b-1", "review:human"),
        ]
        assert plain(log.for_item("c-1")) == [
            ("staging", "c-1", "staged", "learning from manual", "review:human"),
            ("staging", "c-1", "left staging", None, "review:human"),
        ]
        assert log.for_item("b-unsaved") == []


@pytest.mark.parametrize("kind", STORES)
def test_recent_events_are_the_newest_ones_oldest_first(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    changes(kind, tmp_path, request)
    with event_log(kind, tmp_path, request) as log:
        every = log.since(T0 - timedelta(days=365 * 50), 1_000)
        assert len(every) == 11 and [e.event for e in log.since(T0 - timedelta(days=365 * 50), 2)] == [
            e.event for e in every[-2:]]
        assert every == sorted(every, key=lambda e: e.at)
