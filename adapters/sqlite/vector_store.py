"""`VectorStore` over `bead_vectors` / `candidate_vectors` (migrations/vector_ddl.py).

Vectors are stored as little-endian float16 (`struct` format `e`): half the bytes of float32
and no numpy needed to write or read them; cosine ranking is unchanged at this precision.
"""

import struct
from collections.abc import Sequence

from sqlalchemy import Engine, text

from abzu.adapters.sqlite.engine import READ_ONLY
from abzu.application.semantic.ports import Vector


def pack(vector: Vector) -> bytes:
    return struct.pack(f"<{len(vector)}e", *vector)


def unpack(blob: bytes) -> tuple[float, ...]:
    return struct.unpack(f"<{len(blob) // 2}e", blob)


class SqliteVectorStore:
    def __init__(self, engine: Engine, name: str, table: str, owner: str) -> None:
        self._engine, self._name = engine, name
        self._reader = engine.execution_options(**{READ_ONLY: True})  # reads take no write lock
        live = f"FROM {owner} m LEFT JOIN {table} v ON v.id = m.id WHERE m.superseded_by IS NULL"
        current = "v.model = :model AND v.content_hash = m.content_hash"
        self._stale = text(f"SELECT m.id, m.content, m.content_hash {live} AND NOT "
                           f"COALESCE({current}, 0) ORDER BY m.rowid LIMIT :limit")
        self._coverage = text(f"SELECT COALESCE(SUM({current}), 0), COUNT(*) {live}")
        self._save = text(f"INSERT OR REPLACE INTO {table} (id, model, dim, vector, content_hash) "
                          "VALUES (:id, :model, :dim, :vector, :hash)")

    @property
    def name(self) -> str:
        return self._name

    def stale(self, model: str, limit: int) -> list[tuple[str, str, str]]:
        with self._reader.connect() as conn:
            rows = conn.execute(self._stale, {"model": model, "limit": limit})
            return [(r[0], r[1], r[2]) for r in rows]

    def save(self, model: str, rows: Sequence[tuple[str, str, Vector]]) -> None:
        params = [{"id": i, "model": model, "dim": len(v), "vector": pack(v), "hash": h} for i, h, v in rows]
        with self._engine.begin() as conn:
            conn.execute(self._save, params)

    def coverage(self, model: str) -> tuple[int, int]:
        with self._reader.connect() as conn:
            embedded, total = conn.execute(self._coverage, {"model": model}).one()
            return int(embedded), int(total)
