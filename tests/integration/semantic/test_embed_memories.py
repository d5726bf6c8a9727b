"""`EmbedMemories` over real SQLite stores, with the hashing fake instead of a model."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork, transaction
from abzu.adapters.sqlite.vector_store import SqliteVectorStore, unpack
from abzu.application.semantic.embed_memories import Coverage, EmbedMemories
from abzu.domain.decay import DecayPolicy
from tests.builders import bead, candidate
from tests.integration.sqlite_helpers import open_store
from tests.semantic_fakes import HashingEmbedder

Stores = tuple[Sqlite3Store, Sqlite3Store]


@pytest.fixture
def engines(tmp_path: Path) -> Iterator[Stores]:
    wisdom = open_store(tmp_path / "wisdom.db", "wisdom")
    staging = open_store(tmp_path / "abzu.db", "staging")
    with SqliteUnitOfWork(wisdom, staging, DecayPolicy()) as uow:
        uow.beads.add(bead("b-1", "Use WAL mode for SQLite", project=None))
        uow.candidates.add(candidate("c-1", "Pin the driver version"))
        uow.candidates.add(candidate("c-2", "Retry on database is locked"))
        uow.commit()
    yield wisdom, staging
    wisdom.close()
    staging.close()


def _stores(engines: Stores) -> list[SqliteVectorStore]:
    wisdom, staging = engines
    return [SqliteVectorStore(wisdom, "wisdom.db", "bead_vectors", "beads"),
            SqliteVectorStore(staging, "abzu.db", "candidate_vectors", "bead_candidates")]


def test_every_live_memory_is_embedded_once_and_coverage_says_so(engines: Stores) -> None:
    embedder = HashingEmbedder()
    use_case = EmbedMemories(embedder, _stores(engines))
    assert use_case.coverage() == [Coverage("wisdom.db", 0, 1), Coverage("abzu.db", 0, 2)]

    assert use_case.execute() == [Coverage("wisdom.db", 1, 1), Coverage("abzu.db", 2, 2)]
    use_case.execute()
    assert len(embedder.passages_seen) == 3  # the second run found nothing stale


def test_a_model_change_re_embeds_everything(engines: Stores) -> None:
    EmbedMemories(HashingEmbedder(model_id="old"), _stores(engines)).execute()
    newer = EmbedMemories(HashingEmbedder(model_id="new"), _stores(engines))
    assert newer.coverage() == [Coverage("wisdom.db", 0, 1), Coverage("abzu.db", 0, 2)]
    assert newer.execute() == [Coverage("wisdom.db", 1, 1), Coverage("abzu.db", 2, 2)]


def test_vectors_round_trip_as_float16_and_leave_with_their_memory(engines: Stores) -> None:
    wisdom, staging = engines
    EmbedMemories(HashingEmbedder(dim=8), _stores(engines)).execute()
    expected = HashingEmbedder(dim=8).embed_passages(["Use WAL mode for SQLite"])[0]
    with transaction(wisdom, read_only=True) as conn:
        blob = conn.scalar("SELECT vector FROM bead_vectors WHERE id = 'b-1'")
    assert unpack(blob) == pytest.approx(expected, abs=1e-3)
    with transaction(staging, read_only=False) as conn:
        conn.execute("DELETE FROM bead_candidates WHERE id = 'c-1'")
    with transaction(staging, read_only=True) as conn:
        assert [r["id"] for r in conn.fetch("SELECT id FROM candidate_vectors")] == ["c-2"]
