"""A store written before the "why" column was indexed (w0001 / s0005) is upgraded in place:
its memories are kept and become findable by their context."""

import sqlite3
from pathlib import Path

import pytest

from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.domain.decay import DecayPolicy
from abzu.domain.scope import Scope, ScopeKind
from tests.fakes import T0, present
from tests.integration.migration_steps import downgrade
from tests.integration.sqlite_helpers import open_store

OLD = {"wisdom": ("wisdom.db", "w0001", "beads"), "staging": ("abzu.db", "s0005", "bead_candidates")}
ROW = {
    "beads": "INSERT INTO beads (id, content, category, project, content_hash, context, created_at) "
             "VALUES ('b-1', 'Pin the driver', 'fix', NULL, 'h1', "
             "'asked during the nightly importer outage', '2026-01-15 12:00:00.000000')",
    "bead_candidates": "INSERT INTO bead_candidates (id, content, category, project, content_hash, source, "
                       "context, created_at) VALUES ('c-1', 'Pin the driver', 'fix', NULL, 'h1', 'manual', "
                       "'asked during the nightly importer outage', '2026-01-15 12:00:00.000000')",
}


def downgraded(folder: Path, store: str) -> Path:
    file, revision, table = OLD[store]
    downgrade(folder / file, store, revision)
    with sqlite3.connect(folder / file) as conn:
        conn.execute(ROW[table])
    return folder / file


@pytest.mark.parametrize("store", ["wisdom", "staging"])
def test_an_old_store_is_upgraded_and_its_memories_are_found_by_their_why(tmp_path: Path, store: str) -> None:
    downgraded(tmp_path, store)
    wisdom = open_store(tmp_path / "wisdom.db", "wisdom")  # migrates to head
    staging = open_store(tmp_path / "abzu.db", "staging")
    try:
        with SqliteUnitOfWork(wisdom, staging, DecayPolicy()) as uow:
            repository = uow.beads if store == "wisdom" else uow.candidates
            hits = repository.search(["nightly", "importer"], Scope(ScopeKind.ALL, None), limit=5, now=T0)
            assert [h.item_id for h in hits] == ["b-1" if store == "wisdom" else "c-1"]
            assert present(repository.get(hits[0].item_id)).content == "Pin the driver"
    finally:
        wisdom.close()
        staging.close()
