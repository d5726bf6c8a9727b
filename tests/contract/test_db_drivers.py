"""The same repository operations through both `Db` drivers (SQLAlchemy Connection, stdlib
sqlite3) give the same answers and leave the same rows: one implementation, two doors."""

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from abzu.adapters.sqlite.session_unit_of_work import SqliteSessionUnitOfWork
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.stores import open_store
from abzu.domain.anchors import Anchor, AnchorKind
from abzu.domain.bead import Bead, Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.scope import Scope, ScopeKind
from abzu.domain.sessions.record import FinalizedBy, HookEvent, SessionEvent
from abzu.domain.sessions.summary import SessionSummary

T0 = datetime(2026, 1, 5, 9, 30, tzinfo=UTC)
Uow = Callable[[], SqliteSessionUnitOfWork]


def bead(i: int, content: str, **extra: Any) -> Bead:
    return Bead(f"b{i}", content, Category.DECISION, "shop", f"h{i}", T0 + timedelta(days=i), **extra)


def candidate(i: int, content: str) -> Candidate:
    return Candidate(f"c{i}", content, Category.FIX, "shop", f"k{i}", CandidateSource.MANUAL,
                     T0 + timedelta(hours=i), tags=("db", "wal"), session_id="s1")


def write(uow: Uow) -> None:
    with uow() as w:
        w.projects.register("shop", None, T0)
        w.beads.add(bead(1, "sqlite WAL keeps readers unblocked", tags=("sqlite",)))
        w.beads.add(bead(2, "sqlite busy timeout is two seconds", starred=True))
        w.beads.add(bead(3, "pin the postgres version", gemini_flagged=True))
        w.candidates.add(candidate(1, "sqlite vacuum needs free disk"))
        w.candidates.add(candidate(2, "a sqlite backup is a file copy"))
        w.bead_anchors.attach("b1", [Anchor(AnchorKind.FILE, "db.py")], "abc123")
        w.sessions.record(SessionEvent("s1", HookEvent.SESSION_START, T0, "/t.jsonl", "/w"), "shop")
        w.summaries.add(SessionSummary("f1", "s1", "shop", 0, T0, goal="ship", is_final=True))
        w.commit()
    with uow() as w:
        w.beads.update(bead(1, "sqlite WAL keeps readers unblocked, always", tags=("sqlite",)))
        w.beads.mark_recalled(["b1", "b2"], T0 + timedelta(days=40))
        w.beads.apply_decay(T0 + timedelta(days=200))
        w.projects.claim("shop", "/w")
        w.projects.touch("shop", T0 + timedelta(days=41))
        w.sessions.mark_finalized("s1", at=T0 + timedelta(hours=3), by=FinalizedBy.SESSION_END)
        w.candidates.delete("c2")
        w.commit()


def read(uow: Uow) -> list[object]:
    now = T0 + timedelta(days=200)
    with uow() as r:
        return [
            r.beads.get("b1"), r.beads.get("nope"), r.beads.find_by_hash("h2", "shop"),
            r.candidates.find_by_hash("k1", "shop"),
            r.beads.search(["sqlite", "readers"], Scope(ScopeKind.PROJECT, "shop"), limit=5, now=now),
            r.candidates.search(["sqlite"], Scope(ScopeKind.PROJECT, "shop"), limit=5, now=now),
            r.beads.neighbours(["sqlite", "timeout"], "shop", 5, must_share=2),
            r.beads.related(["sqlite"], None, 5), r.beads.created_since(T0),
            r.candidates.staged("shop", limit=10), r.candidates.superseded_by("c1"),
            r.bead_anchors.of("b1"), r.projects.name_for_path("/w"), r.projects.exists("shop"),
            r.stats.bead_stats(now), r.stats.staged_by_project(), r.stats.last_review_at(),
            r.sessions.get("s1"), r.sessions.unfinalized(None), r.sessions.counts(),
            r.summaries.final_of("s1"), r.summaries.next_sequence("s1"),
        ]


def dump(folder: Path) -> dict[str, list[tuple[Any, ...]]]:
    tables = {"wisdom.db": ("beads", "bead_anchors", "projects", "memory_events"),
              "abzu.db": ("bead_candidates", "sessions", "session_summaries")}
    found = {}
    for name, names in tables.items():
        with sqlite3.connect(folder / name) as conn:
            for table in names:
                rows = conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
                # the history's own clock (a trigger's CURRENT_TIMESTAMP) is the one difference
                found[table] = [r[:1] + r[2:] for r in rows] if table == "memory_events" else rows
    return found


def run(folder: Path, driver: str) -> tuple[list[object], dict[str, list[tuple[Any, ...]]]]:
    folder.mkdir()
    engines = open_store(folder / "wisdom.db", "wisdom"), open_store(folder / "abzu.db", "staging")
    stores = Sqlite3Store(folder / "wisdom.db", "wisdom"), Sqlite3Store(folder / "abzu.db", "staging")
    pair = engines if driver == "sqlalchemy" else stores
    answers: list[object] = []
    try:
        write(lambda: SqliteSessionUnitOfWork(*pair, DecayPolicy(), actor="cli"))
        answers = read(lambda: SqliteSessionUnitOfWork(*pair, DecayPolicy(), read_only=True))
    finally:
        for engine in engines:
            engine.dispose()
        for store in stores:
            store.close()
    return answers, dump(folder)


def test_both_drivers_answer_and_store_the_same(tmp_path: Path) -> None:
    alchemy, plain = run(tmp_path / "alchemy", "sqlalchemy"), run(tmp_path / "plain", "sqlite3")
    assert alchemy[0] == plain[0]
    assert alchemy[1] == plain[1]
    assert alchemy[0][0] is not None and alchemy[1]["memory_events"]  # the script did run


def test_the_plain_column_lists_are_the_schema_tables() -> None:
    from abzu.adapters.sqlite import schema, session_schema
    from abzu.adapters.sqlite.columns import TABLES

    tables = {**schema.wisdom_metadata.tables, **schema.staging_metadata.tables}
    assert session_schema.sessions.name in tables
    for name, columns in TABLES.items():
        assert tuple(c.name for c in tables[name].columns) == columns, name
