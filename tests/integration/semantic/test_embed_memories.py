"""`EmbedMemories` over real SQLite stores, with the hashing fake instead of a model."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.adapters.sqlite.vector_store import SqliteVectorStore, unpack
from abzu.application.semantic.embed_memories import Coverage, EmbedMemories
from abzu.domain.decay import DecayPolicy
from tests.builders import bead, candidate
from tests.semantic_fakes import HashingEmbedder


@pytest.fixture
def engines(tmp_path: Path) -> Iterator[tuple[Engine, Engine]]:
    wisdom = open_store(tmp_path / "wisdom.db", "wisdom")
    staging = open_store(tmp_path / "abzu.db", "staging")
    with SqliteUnitOfWork(wisdom, staging, DecayPolicy()) as uow:
        uow.beads.add(bead("b-1", "Use WAL mode for SQLite", project=None))
        uow.candidates.add(candidate("c-1", "Pin the driver version"))
        uow.candidates.add(candidate("c-2", "Retry on database is locked"))
        uow.commit()
    yield wisdom, staging
    wisdom.dispose()
    staging.dispose()


def _stores(engines: tuple[Engine, Engine]) -> list[SqliteVectorStore]:
    wisdom, staging = engines
    return [SqliteVectorStore(wisdom, "wisdom.db", "bead_vectors", "beads"),
            SqliteVectorStore(staging, "abzu.db", "candidate_vectors", "bead_candidates")]


def test_every_live_memory_is_embedded_once_and_coverage_says_so(engines: tuple[Engine, Engine]) -> None:
    embedder = HashingEmbedder()
    use_case = EmbedMemories(embedder, _stores(engines))
    assert use_case.coverage() == [Coverage("wisdom.db", 0, 1), Coverage("abzu.db", 0, 2)]

    assert use_case.execute() == [Coverage("wisdom.db", 1, 1), Coverage("abzu.db", 2, 2)]
    use_case.execute()
    assert len(embedder.passages_seen) == 3  # the second run found nothing stale


def test_a_model_change_re_embeds_everything(engines: tuple[Engine, Engine]) -> None:
    EmbedMemories(HashingEmbedder(model_id="old"), _stores(engines)).execute()
    newer = EmbedMemories(HashingEmbedder(model_id="new"), _stores(engines))
    assert newer.coverage() == [Coverage("wisdom.db", 0, 1), Coverage("abzu.db", 0, 2)]
    assert newer.execute() == [Coverage("wisdom.db", 1, 1), Coverage("abzu.db", 2, 2)]


def test_vectors_round_trip_as_float16_and_leave_with_their_memory(engines: tuple[Engine, Engine]) -> None:
    wisdom, staging = engines
    EmbedMemories(HashingEmbedder(dim=8), _stores(engines)).execute()
    expected = HashingEmbedder(dim=8).embed_passages(["Use WAL mode for SQLite"])[0]
    with wisdom.connect() as conn:
        blob = conn.exec_driver_sql("SELECT vector FROM bead_vectors WHERE id = 'b-1'").scalar_one()
    assert unpack(blob) == pytest.approx(expected, abs=1e-3)
    with staging.begin() as conn:
        conn.exec_driver_sql("DELETE FROM bead_candidates WHERE id = 'c-1'")
    with staging.connect() as conn:
        assert conn.exec_driver_sql("SELECT id FROM candidate_vectors").scalars().all() == ["c-2"]
