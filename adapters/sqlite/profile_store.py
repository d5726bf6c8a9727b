"""The user_profile table of wisdom.db (spec §16), through SQLAlchemy Core."""

from sqlalchemy import Engine, select
from sqlalchemy.dialects.sqlite import insert

from abzu.adapters.sqlite.schema import user_profile
from abzu.adapters.sqlite.timestamps import from_db_required, to_db
from abzu.domain.enki.profile import ProfileEntry, ProfileSource


class SqliteProfileStore:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def put(self, entry: ProfileEntry) -> None:
        stamp = to_db(entry.updated_at)
        values = {"value": entry.value, "source": entry.source.value, "confidence": entry.confidence,
                  "project_id": entry.project, "updated_at": stamp}
        statement = insert(user_profile).values(key=entry.key, created_at=stamp, **values)
        with self._engine.begin() as conn:
            conn.execute(statement.on_conflict_do_update(index_elements=["key"], set_=values))

    def entries(self) -> list[ProfileEntry]:
        with self._engine.connect() as conn:
            rows = conn.execute(select(user_profile).order_by(user_profile.c.key)).mappings().all()
        return [
            ProfileEntry(r["key"], r["value"], ProfileSource(r["source"]), r["project_id"],
                         from_db_required(r["updated_at"]), _or_one(r["confidence"]))
            for r in rows
        ]


def _or_one(confidence: float | None) -> float:
    return 1.0 if confidence is None else confidence
