"""Hybrid recall's row lookups by id, on real SQLite and without numpy: CI installs only
`.[dev]`, so this is the part of the dense side every build exercises."""

from datetime import timedelta
from pathlib import Path

from abzu.adapters.sqlite.search import BEADS, CANDIDATES
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import Source
from abzu.domain.scope import Scope, ScopeKind
from tests.builders import T0

NOW = T0 + timedelta(days=1)


def test_rows_of_dense_neighbours_come_back_live_and_in_scope(
    tmp_path: Path, scoped_stores: tuple[Sqlite3Store, Sqlite3Store],
) -> None:
    scope = Scope(ScopeKind.PROJECT, "api")
    beads = Sqlite3VectorReader(tmp_path / "wisdom.db", BEADS, DecayPolicy())
    found = beads.hits(["b-wal", "b-web", "missing"], scope, NOW)
    assert [(h.item_id, h.source) for h in found] == [("b-wal", Source.BEAD)]
    staged = Sqlite3VectorReader(tmp_path / "abzu.db", CANDIDATES, DecayPolicy())
    assert [h.item_id for h in staged.hits(["c-lock"], scope, NOW)] == ["c-lock"]
