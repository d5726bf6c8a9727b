"""`VectorStore` over `bead_vectors` / `candidate_vectors` (migrations/vector_ddl.py).

Vectors are stored as little-endian float16 (`struct` format `e`): half the bytes of float32
and no numpy needed to write or read them; cosine ranking is unchanged at this precision.
"""

import struct
from collections.abc import Sequence

from abzu.adapters.sqlite.db import DbSource
from abzu.adapters.sqlite.unit_of_work import transaction
from abzu.application.semantic.ports import Vector


def pack(vector: Vector) -> bytes:
    return struct.pack(f"<{len(vector)}e", *vector)


def unpack(blob: bytes) -> tuple[float, ...]:
    return struct.unpack(f"<{len(blob) // 2}e", blob)


class SqliteVectorStore:
    def __init__(self, source: DbSource, name: str, table: str, owner: str) -> None:
        self._source, self._name = source, name
        live = f"FROM {owner} m LEFT JOIN {table} v ON v.id = m.id WHERE m.superseded_by IS NULL"
        current = "v.model = :model AND v.content_hash = m.content_hash"
        self._stale = (f"SELECT m.id, m.content, m.content_hash {live} AND NOT "
                       f"COALESCE({current}, 0) ORDER BY m.rowid LIMIT :limit")
        self._coverage = f"SELECT COALESCE(SUM({current}), 0) AS embedded, COUNT(*) AS total {live}"
        self._save = (f"INSERT OR REPLACE INTO {table} (id, model, dim, vector, content_hash) "
                      "VALUES (:id, :model, :dim, :vector, :hash)")

    @property
    def name(self) -> str:
        return self._name

    def stale(self, model: str, limit: int) -> list[tuple[str, str, str]]:
        with transaction(self._source, read_only=True) as conn:  # reads take no write lock
            rows = conn.fetch(self._stale, {"model": model, "limit": limit})
        return [(r["id"], r["content"], r["content_hash"]) for r in rows]

    def save(self, model: str, rows: Sequence[tuple[str, str, Vector]]) -> None:
        params = [{"id": i, "model": model, "dim": len(v), "vector": pack(v), "hash": h} for i, h, v in rows]
        with transaction(self._source, read_only=False) as conn:
            conn.executemany(self._save, params)

    def coverage(self, model: str) -> tuple[int, int]:
        with transaction(self._source, read_only=True) as conn:
            row = conn.fetch(self._coverage, {"model": model})[0]
        return int(row["embedded"]), int(row["total"])
