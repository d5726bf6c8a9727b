"""The project registry's reads, the same SQL on the local store and the team store (issue 32):
one copy for SQLite (adapters/sqlite/project_registry.py) and PostgreSQL (adapters/postgres/registry.py)."""

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from abzu.adapters.project_root_name import BY_PATH, BY_REMOTE


class Queries(Protocol):
    """What the reads need of a store's connection (adapters/sqlite/db.py, adapters/postgres/db.py)."""

    def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Mapping[str, Any]]: ...
    def scalar(self, sql: str, params: Mapping[str, Any] | None = None) -> Any: ...


class ProjectLookups:
    _db: Queries

    def name_for_path(self, path: str) -> str | None:
        name = self._db.scalar(BY_PATH, {"path": path})
        return str(name) if name else None

    def name_for_remote(self, remote: str) -> str | None:
        name = self._db.scalar(BY_REMOTE, {"remote": remote})
        return str(name) if name else None

    def exists(self, name: str) -> bool:
        return bool(self._db.fetch("SELECT 1 FROM projects WHERE name = :name", {"name": name}))
