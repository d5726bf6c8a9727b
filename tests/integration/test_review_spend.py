"""The spend ledger over abzu.db, as `abzu status` and the review's ceiling read it: this
month's spend, the last review and the last full one."""

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from abzu.adapters.sqlite.review_spend import SqliteSpendLedger
from abzu.adapters.sqlite.timestamps import to_db
from tests.integration.sqlite_helpers import open_store

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
ROWS = [  # id, kind, started, finished (None: never finished), tokens in/out, cost
    ("r1", "full", datetime(2026, 10, 2, tzinfo=UTC), True, 9000, 1000, 0.5),
    ("r2", "mini", datetime(2026, 11, 3, tzinfo=UTC), True, 1200, 300, 0.0042),
    ("r3", "mini", datetime(2026, 11, 20, tzinfo=UTC), False, 50, None, None),
]


def test_the_ledger_reads_this_month_s_spend_and_the_last_reviews(tmp_path: Path) -> None:
    path = tmp_path / "abzu.db"
    store = open_store(path, "staging")
    with closing(sqlite3.connect(path)) as conn, conn:
        for rid, kind, started, done, t_in, t_out, cost in ROWS:
            conn.execute(
                "INSERT INTO review_log (id, kind, reviewer, started_at, finished_at, tokens_in, tokens_out,"
                " cost_estimate, report) VALUES (?, ?, 'gemini', ?, ?, ?, ?, ?, '{}')",
                (rid, kind, to_db(started), to_db(started) if done else None, t_in, t_out, cost))
    ledger = SqliteSpendLedger(store)
    month = datetime(2026, 11, 1, tzinfo=UTC)
    assert ledger.spent_since(month).tokens == 1500
    assert ledger.last_review(full_only=False) == datetime(2026, 11, 3, tzinfo=UTC)
    assert ledger.last_review(full_only=True) == datetime(2026, 10, 2, tzinfo=UTC)
    store.close()
