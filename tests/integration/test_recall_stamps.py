"""Issues 13 and 20.5: a recall writes no store; its stamps land later and decay still sees them."""

import sqlite3
from datetime import timedelta
from pathlib import Path

from dependency_injector import providers

from abzu.adapters.sqlite.db import Sqlite3Db
from abzu.adapters.sqlite.recall_stamps import StampSpool, apply_stamps, read_stamps
from abzu.adapters.sqlite.stores import ready
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.recall import RecallRequest
from abzu.domain.category import Category
from abzu.entrypoints.wiring.container import Container
from tests.builders import bead as built_bead
from tests.fakes import T0, FixedClock
from tests.integration.test_busy_stores import write_locked


def remembered(container: Container, text: str) -> str:
    """A reviewed decision in wisdom.db, created now (decisions decay, preferences do not)."""
    with container.uow() as uow:
        if not uow.projects.exists("api"):
            uow.projects.register("api", container.workspace().root(), container.clock().now())
        uow.beads.add(built_bead("b-1", text, category=Category.DECISION, created_at=container.clock().now()))
        uow.commit()
    return "b-1"


def bead(home: Path, bead_id: str) -> tuple[str | None, float]:
    with sqlite3.connect(home / "wisdom.db") as conn:
        return conn.execute("SELECT last_accessed, weight FROM beads WHERE id = ?", (bead_id,)).fetchone()


def with_clock(container: Container) -> FixedClock:
    clock = FixedClock(T0)
    container.clock.override(providers.Object(clock))
    return clock


def test_a_recall_while_writers_hold_both_stores_answers_and_its_stamp_lands_at_maintenance(
    container: Container, abzu_home: Path
) -> None:
    clock = with_clock(container)
    bead_id = remembered(container, "we deploy the api with blue green switches")
    ready(abzu_home / "abzu.db", "staging")  # both stores exist before the writers hold them
    clock.advance(days=100)
    with write_locked(abzu_home / "wisdom.db", abzu_home / "abzu.db"):
        found = container.recall().execute(RecallRequest("blue green deploy")).unwrap()
    assert [h.hit.item_id for h in found.hits] == [bead_id]
    assert bead(abzu_home, bead_id)[0] is None  # nothing written at recall time

    container.sessions.maintenance().execute()
    last, weight = bead(abzu_home, bead_id)
    assert last == to_db(clock.now())  # the recall restarted the decay clock
    assert weight == 1.0  # 100 idle days would have decayed it; the recall counted
    assert not StampSpool.beside(abzu_home / "wisdom.db").pending()


def test_without_the_recall_the_same_bead_decays(container: Container, abzu_home: Path) -> None:
    clock = with_clock(container)
    bead_id = remembered(container, "we deploy the api with blue green switches")
    clock.advance(days=100)
    container.sessions.maintenance().execute()
    assert bead(abzu_home, bead_id)[1] == 0.5


def test_status_and_show_see_the_stamp_of_a_recall_just_made(container: Container, abzu_home: Path) -> None:
    clock = with_clock(container)
    bead_id = remembered(container, "the cache key includes the tenant id")
    clock.advance(days=3)
    container.recall().execute(RecallRequest("tenant cache key")).unwrap()
    with container.read_uow() as uow:
        shown = uow.beads.get(bead_id)
    assert shown is not None and shown.last_accessed == clock.now()


def test_the_spool_is_private_and_a_torn_last_line_is_skipped(tmp_path: Path) -> None:
    spool = StampSpool(tmp_path / "stamps")
    spool.record(["b-1", "b-2"], "api", "2026-01-02 00:00:00.000000")
    spool.record(["b-1"], None, "2026-01-05 00:00:00.000000")
    with spool.path.open("ab") as handle:
        handle.write(b'["2026-02-01 00:00:00.000000","api",["b-')  # a crash mid-write
    spool.record(["b-3"], None, "2026-01-07 00:00:00.000000")  # the next recall's line survives
    assert oct(spool.path.stat().st_mode & 0o777) == oct(0o600)
    assert oct(spool.folder.stat().st_mode & 0o777) == oct(0o700)
    beads, projects = read_stamps(spool.take())
    assert beads == {"b-1": "2026-01-05 00:00:00.000000", "b-2": "2026-01-02 00:00:00.000000",
                     "b-3": "2026-01-07 00:00:00.000000"}
    assert projects == {"api": "2026-01-02 00:00:00.000000"}


def test_applying_a_spool_twice_or_late_never_moves_a_stamp_back(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "w.db", isolation_level=None)
    conn.execute("CREATE TABLE beads (id TEXT, last_accessed TEXT)")
    conn.execute("INSERT INTO beads VALUES ('b-1', '2026-03-01 00:00:00.000000'), ('b-2', NULL)")
    db = Sqlite3Db(conn)
    stamps = ({"b-1": "2026-01-01 00:00:00.000000", "b-2": "2026-01-01 00:00:00.000000"}, {})
    apply_stamps(db, stamps)
    apply_stamps(db, stamps)
    rows = dict(sqlite3.connect(tmp_path / "w.db").execute("SELECT id, last_accessed FROM beads"))
    assert rows == {"b-1": "2026-03-01 00:00:00.000000", "b-2": "2026-01-01 00:00:00.000000"}


def test_a_taken_spool_left_by_a_dead_taker_is_applied_by_the_next(tmp_path: Path) -> None:
    spool = StampSpool(tmp_path / "stamps")
    spool.record(["b-1"], None, "2026-01-02 00:00:00.000000")
    spool.take()  # taken, then the taker died before its commit
    spool.record(["b-2"], None, "2026-01-03 00:00:00.000000")
    taken = spool.take()
    assert len(taken) == 2 and set(read_stamps(taken)[0]) == {"b-1", "b-2"}
    StampSpool.done(taken)
    assert not spool.pending()


def test_an_export_right_after_a_recall_carries_its_stamp(container: Container, abzu_home: Path) -> None:
    clock = with_clock(container)
    remembered(container, "the cache key includes the tenant id")
    clock.advance(days=3)
    container.recall().execute(RecallRequest("tenant cache key")).unwrap()
    lines = list(container.trust.export_memory().execute())
    assert any('"b-1"' in line and to_db(clock.now()) in line for line in lines)


def test_a_second_recall_shows_when_the_first_one_was_made(container: Container, abzu_home: Path) -> None:
    clock = with_clock(container)
    remembered(container, "the cache key includes the tenant id")
    clock.advance(days=3)
    first = container.recall().execute(RecallRequest("tenant cache key")).unwrap()
    clock.advance(hours=1)
    second = container.recall().execute(RecallRequest("tenant cache key")).unwrap()
    assert first.hits[0].hit.last_accessed is None
    assert second.hits[0].hit.last_accessed == clock.now() - timedelta(hours=1)
    assert bead(abzu_home, "b-1")[0] is None  # shown from the spool; the store is still untouched
