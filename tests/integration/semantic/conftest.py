"""Two real stores with memories in two projects and none, shared by the dense-side tests."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.domain.decay import DecayPolicy
from tests.builders import T0, bead, candidate
from tests.integration.sqlite_helpers import open_store


@pytest.fixture
def scoped_stores(tmp_path: Path) -> Iterator[tuple[Sqlite3Store, Sqlite3Store]]:
    """wisdom.db and abzu.db in tmp_path: a global bead, a bead of project "web" and a candidate
    of project "api"."""
    wisdom = open_store(tmp_path / "wisdom.db", "wisdom")
    staging = open_store(tmp_path / "abzu.db", "staging")
    with SqliteUnitOfWork(wisdom, staging, DecayPolicy()) as uow:
        uow.projects.register("api", "/src/api", T0)
        uow.projects.register("web", "/src/web", T0)
        uow.beads.add(bead("b-wal", "Use WAL mode for SQLite", project=None))
        uow.beads.add(bead("b-web", "WAL mode on the web server", project="web"))
        uow.candidates.add(candidate("c-lock", "Retry when the database is locked", project="api"))
        uow.commit()
    yield wisdom, staging
    wisdom.close()
    staging.close()
