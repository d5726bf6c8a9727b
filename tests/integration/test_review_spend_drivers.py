"""The spend ledger answers the same on both drivers (stdlib sqlite3, as `abzu status` reads it,
and SQLAlchemy) over the same abzu.db: this month's spend, the last review and the last full one."""

from datetime import UTC, datetime
from pathlib import Path

from abzu.adapters.sqlite.review_spend import SqliteSpendLedger
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.timestamps import to_db

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
ROWS = [  # id, kind, started, finished (None: never finished), tokens in/out, cost
    ("r1", "full", datetime(2026, 10, 2, tzinfo=UTC), True, 9000, 1000, 0.5),
    ("r2", "mini", datetime(2026, 11, 3, tzinfo=UTC), True, 1200, 300, 0.0042),
    ("r3", "mini", datetime(2026, 11, 20, tzinfo=UTC), False, 50, None, None),
]


def test_the_ledger_reads_the_same_on_both_drivers(tmp_path: Path) -> None:
    path = tmp_path / "abzu.db"
    engine = open_store(path, "staging")
    with engine.begin() as conn:
        for rid, kind, started, done, t_in, t_out, cost in ROWS:
            conn.exec_driver_sql(
                "INSERT INTO review_log (id, kind, reviewer, started_at, finished_at, tokens_in, tokens_out,"
                " cost_estimate, report) VALUES (?, ?, 'gemini', ?, ?, ?, ?, ?, '{}')",
                (rid, kind, to_db(started), to_db(started) if done else None, t_in, t_out, cost))
    full, light = SqliteSpendLedger(engine), SqliteSpendLedger(Sqlite3Store(path, "staging"))
    month = datetime(2026, 11, 1, tzinfo=UTC)
    for ledger in (full, light):
        assert ledger.spent_since(month).tokens == 1500
        assert ledger.last_review(full_only=False) == datetime(2026, 11, 3, tzinfo=UTC)
        assert ledger.last_review(full_only=True) == datetime(2026, 10, 2, tzinfo=UTC)
    assert light.spent_since(month) == full.spent_since(month)
    engine.dispose()
