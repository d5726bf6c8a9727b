"""`status` only reads: it must answer while another process holds the write lock."""

import sqlite3
from pathlib import Path

from abzu.application.remember import RememberRequest
from abzu.entrypoints.wiring.container import Container


def test_status_answers_while_another_process_holds_both_write_locks(
    container: Container, abzu_home: Path
) -> None:
    container.remember().execute(RememberRequest("Use WAL for SQLite", "learning"))
    holders = [sqlite3.connect(abzu_home / name, isolation_level=None) for name in ("wisdom.db", "abzu.db")]
    try:
        for holder in holders:
            holder.execute("BEGIN IMMEDIATE")
        status = container.status().execute()
    finally:
        for holder in holders:
            holder.close()
    assert status.staged_count == 1
