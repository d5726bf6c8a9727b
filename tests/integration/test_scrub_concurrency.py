"""`abzu scrub` beside other processes: who waits for whom, and what a concurrent change does."""

import sqlite3
from contextlib import closing
from pathlib import Path

from abzu.adapters.sqlite.purge import truncate_journal
from abzu.application.scrub.scrub_stores import ScrubReport, ScrubRequest
from abzu.entrypoints.wiring.container import Container
from tests.scrub_planting import files_holding


def changed(report: ScrubReport) -> dict[tuple[str, str], int]:
    return {(c.target, c.place): c.changed for c in report.counts if c.changed}


class LockProbe:
    """Tries to write to a store from another connection when the scrub reaches one of its tables."""

    def __init__(self, path: Path, label: str) -> None:
        self.path, self.label, self.locked = path, label, None

    def begin(self, label: str, total: int) -> None:
        if label == self.label:
            with closing(sqlite3.connect(self.path, timeout=0, isolation_level=None)) as other:
                try:
                    other.execute("BEGIN IMMEDIATE")
                    other.execute("ROLLBACK")
                    self.locked = False
                except sqlite3.OperationalError as exc:
                    self.locked = "locked" in str(exc)

    def advance(self, count: int) -> None:
        pass


def test_writers_wait_while_a_store_is_rewritten(planted: Container, abzu_home: Path):
    probe = LockProbe(abzu_home / "abzu.db", "abzu.db rewrite")

    planted.scrub.scrub_stores().execute(ScrubRequest(), probe)

    assert probe.locked is True


def test_the_scan_before_the_rewrite_blocks_no_writer(planted: Container, abzu_home: Path):
    probe = LockProbe(abzu_home / "abzu.db", "abzu.db review_log")

    planted.scrub.scrub_stores().execute(ScrubRequest(), probe)

    assert probe.locked is False


def test_a_dry_run_takes_no_write_lock(planted: Container, abzu_home: Path):
    probe = LockProbe(abzu_home / "abzu.db", "abzu.db review_log")

    planted.scrub.scrub_stores().execute(ScrubRequest(dry_run=True), probe)

    assert probe.locked is False


class DeleteDuringScan:
    """Another process deletes a memory after the scan has seen it, before the rewrite."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def begin(self, label: str, total: int) -> None:
        if label == "wisdom.db user_profile":  # beads were scanned just before
            with closing(sqlite3.connect(self.path, timeout=5)) as other, other:
                other.execute("DELETE FROM beads WHERE id = 'b-planted'")

    def advance(self, count: int) -> None:
        pass


def test_a_row_deleted_during_the_scan_stays_deleted(planted: Container, abzu_home: Path, canaries):
    report = planted.scrub.scrub_stores().execute(ScrubRequest(), DeleteDuringScan(abzu_home / "wisdom.db"))

    assert changed(report)[("wisdom.db", "user_profile")] == 1
    assert ("wisdom.db", "beads") not in changed(report)
    with closing(sqlite3.connect(abzu_home / "wisdom.db")) as conn:
        assert conn.execute("SELECT count(*) FROM beads").fetchone()[0] == 0
    assert files_holding(abzu_home, canaries) == []


def test_a_reader_holding_an_old_state_keeps_the_journal_until_it_ends(tmp_path: Path):
    path = tmp_path / "busy.db"
    with closing(sqlite3.connect(path, isolation_level=None)) as writer, closing(
        sqlite3.connect(path, isolation_level=None)
    ) as reader:
        writer.execute("PRAGMA journal_mode=WAL")
        writer.execute("CREATE TABLE t(x)")
        writer.execute("INSERT INTO t VALUES (1)")
        reader.execute("BEGIN")
        reader.execute("SELECT * FROM t").fetchall()
        writer.execute("INSERT INTO t VALUES (2)")
        writer.execute("PRAGMA busy_timeout=50")

        assert truncate_journal(writer) is False
        reader.execute("COMMIT")
        assert truncate_journal(writer) is True
        assert (tmp_path / "busy.db-wal").stat().st_size == 0
