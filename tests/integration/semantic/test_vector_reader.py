"""Hybrid recall's row lookups by id, on real SQLite and without numpy: CI installs only
`.[dev]`, so this is the part of the dense side every build exercises."""

from datetime import timedelta
from pathlib import Path

from abzu.adapters.sqlite.search import BEADS, CANDIDATES
from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import Source
from abzu.domain.scope import Scope, ScopeKind
from tests.builders import T0, bead, candidate

NOW = T0 + timedelta(days=1)


def test_rows_of_dense_neighbours_come_back_live_and_in_scope(tmp_path: Path) -> None:
    wisdom = open_store(tmp_path / "wisdom.db", "wisdom")
    staging = open_store(tmp_path / "abzu.db", "staging")
    with SqliteUnitOfWork(wisdom, staging, DecayPolicy()) as uow:
        uow.projects.register("api", "/src/api", T0)
        uow.projects.register("web", "/src/web", T0)
        uow.beads.add(bead("b-wal", "Use WAL mode for SQLite", project=None))
        uow.beads.add(bead("b-web", "WAL mode on the web server", project="web"))
        uow.candidates.add(candidate("c-lock", "Retry when the database is locked", project="api"))
        uow.commit()
    wisdom.dispose()
    staging.dispose()
    scope = Scope(ScopeKind.PROJECT, "api")
    beads = Sqlite3VectorReader(tmp_path / "wisdom.db", BEADS, DecayPolicy())
    found = beads.hits(["b-wal", "b-web", "missing"], scope, NOW)
    assert [(h.item_id, h.source) for h in found] == [("b-wal", Source.BEAD)]
    staged = Sqlite3VectorReader(tmp_path / "abzu.db", CANDIDATES, DecayPolicy())
    assert [h.item_id for h in staged.hits(["c-lock"], scope, NOW)] == ["c-lock"]
