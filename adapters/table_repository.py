"""The candidate repositories' staging queue: the same query on both stores (issue 32). Each
repository is its store's table (adapters/sqlite/fts_table.py, adapters/postgres/table.py),
which supplies `select`."""

from collections.abc import Mapping
from typing import Any

from abzu.domain.bead import Candidate


class StagingQueue:
    def select(self, where: str, params: Mapping[str, Any], tail: str = "") -> list[Candidate]:
        raise NotImplementedError  # the table's, first in the repository's bases

    def staged(self, project: str | None = None, *, limit: int | None = None) -> list[Candidate]:
        where = "superseded_by IS NULL" + ("" if project is None else " AND project = :project")
        tail = " ORDER BY created_at, id" + ("" if limit is None else " LIMIT :limit")
        return self.select(where, {"project": project, "limit": limit}, tail)
