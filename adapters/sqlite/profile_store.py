"""The user_profile table of wisdom.db (spec §16)."""

from abzu.adapters.sqlite.db import DbSource
from abzu.adapters.sqlite.timestamps import from_db_required, to_db
from abzu.adapters.sqlite.unit_of_work import transaction
from abzu.domain.enki.profile import ProfileEntry, ProfileSource

_PUT = """
INSERT INTO user_profile (key, value, source, confidence, project_id, created_at, updated_at)
VALUES (:key, :value, :source, :confidence, :project_id, :updated_at, :updated_at)
ON CONFLICT (key) DO UPDATE SET value = excluded.value, source = excluded.source,
  confidence = excluded.confidence, project_id = excluded.project_id, updated_at = excluded.updated_at"""
_ALL = ("SELECT key, value, source, confidence, project_id, updated_at FROM user_profile "
        "ORDER BY key")


class SqliteProfileStore:
    def __init__(self, wisdom: DbSource) -> None:
        self._source = wisdom

    def put(self, entry: ProfileEntry) -> None:
        with transaction(self._source, read_only=False) as conn:
            conn.execute(_PUT, {"key": entry.key, "value": entry.value, "source": entry.source.value,
                                "confidence": entry.confidence, "project_id": entry.project,
                                "updated_at": to_db(entry.updated_at)})

    def entries(self) -> list[ProfileEntry]:
        with transaction(self._source, read_only=True) as conn:
            rows = conn.fetch(_ALL)
        return [
            ProfileEntry(r["key"], r["value"], ProfileSource(r["source"]), r["project_id"],
                         from_db_required(r["updated_at"]), _or_one(r["confidence"]))
            for r in rows
        ]


def _or_one(confidence: float | None) -> float:
    return 1.0 if confidence is None else confidence
