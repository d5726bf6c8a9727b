"""`PgTable`: what the team's bead and candidate repositories share (rows by id and content,
search, near-duplicates), written once, as the local `FtsTable` is."""

from collections.abc import Sequence
from datetime import datetime
from typing import TypeVar

from abzu.adapters.postgres import search
from abzu.adapters.postgres.db import PgDb
from abzu.adapters.postgres.migrations.tables_ddl import CONFIG
from abzu.adapters.postgres.search import PgIndex
from abzu.adapters.row_table import RowTable, first
from abzu.domain.dedup import Existing, overlap, probe_groups, token_set
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

T = TypeVar("T")
GROUP_POOL = 8  # rows a probe group may bring back, as the local probe's
_SAME_PROJECT = "project IS NOT DISTINCT FROM :project"


class PgTable(RowTable[T, PgDb, PgIndex]):
    def update(self, item: T) -> None:
        sets = ", ".join(f"{c} = :{c}" for c in self._columns if c != "id")
        self._db.execute(f"UPDATE {self._index.table} SET {sets} WHERE id = :id", self._to_row(item))

    def find_by_hash(self, content_hash: str, project: str | None) -> T | None:
        found = self.select(f"content_hash = :hash AND {_SAME_PROJECT}",
                            {"hash": content_hash, "project": project}, " ORDER BY rid LIMIT 1")
        return first(found)

    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]:
        sql = (f"SELECT content_hash, id FROM {self._index.table} WHERE content_hash = ANY(:hashes) "
               f"AND {_SAME_PROJECT} ORDER BY rid DESC")
        rows = self._db.fetch(sql, {"hashes": list(hashes), "project": project})
        return {r["content_hash"]: r["id"] for r in rows}  # the lowest rid wins, as find_by_hash's

    def any_live(self, project: str | None) -> bool:
        sql = f"SELECT 1 FROM {self._index.table} WHERE {_SAME_PROJECT} AND superseded_by IS NULL LIMIT 1"
        return bool(self._db.fetch(sql, {"project": project}))

    def settle_index(self) -> None:
        """Nothing to do: the GIN index's pending list is PostgreSQL's (autovacuum) to merge."""

    def holders(self, words: Sequence[str], most: int) -> dict[str, tuple[int, ...] | None]:
        """Content only (weight A of `search`), newest first, one bounded look-up a word."""
        sql = (f"SELECT array_agg(rid) AS keys FROM (SELECT rid FROM {self._index.table} "
               f"WHERE search @@ to_tsquery('{CONFIG}', :q) ORDER BY rid DESC LIMIT :n) x")
        found: dict[str, tuple[int, ...] | None] = {}
        for word in words:
            keys = tuple(self._db.scalar(sql, {"q": f"{word}:A", "n": most + 1}) or ())
            found[word] = keys if len(keys) <= most else None
        return found

    def live_by_key(self, keys: Sequence[int], project: str | None) -> dict[int, Existing]:
        if not keys:
            return {}
        sql = (f"SELECT rid, id, content FROM {self._index.table} WHERE rid = ANY(:keys) "
               f"AND superseded_by IS NULL AND {_SAME_PROJECT}")
        rows = self._db.fetch(sql, {"keys": list(keys), "project": project})
        return {r["rid"]: Existing(r["id"], r["content"]) for r in rows}

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]:
        if must_share > 1:
            return self._probe(terms, must_share, project, limit)
        a = self._index.alias
        where = f"{a}.superseded_by IS NULL AND {a}.{_SAME_PROJECT}"
        rows = search.ranked_rows(self._db, self._index, terms, f"{a}.id, {a}.content", where,
                                  {"project": project}, limit)
        return [Existing(r["id"], r["content"]) for r in rows]

    def _probe(
        self, terms: Sequence[str], must_share: int, project: str | None, limit: int
    ) -> list[Existing]:
        """As the local probe: rows holding an AND-group of `terms` (newest first, a bounded pool
        per group), closest first by shared words."""
        phrases = [p for t in terms if (p := search.phrase(t)) is not None]
        groups = probe_groups(phrases, must_share - (len(terms) - len(phrases)))
        if not groups:
            return []
        arm = (f"(SELECT id, content FROM {self._index.table} WHERE search @@ "
               f"websearch_to_tsquery('{CONFIG}', :g{{0}}) AND superseded_by IS NULL "
               f"AND {_SAME_PROJECT} ORDER BY rid DESC LIMIT :pool)")
        sql = " UNION ".join(arm.format(i) for i in range(len(groups)))
        params = {f"g{i}": " ".join(g) for i, g in enumerate(groups)}
        pool = [Existing(r["id"], r["content"])
                for r in self._db.fetch(sql, {**params, "project": project, "pool": GROUP_POOL})]
        if len(pool) <= 1:
            return pool
        note = token_set(" ".join(terms))
        return sorted(pool, key=lambda e: (-overlap(note, token_set(e.content)), e.item_id))[:limit]

    def term_counts(self, terms: Sequence[str]) -> TermCounts:
        return search.term_counts(self._db, (self._index,), terms)[0]

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        return search.search(self._db, self._index, terms, scope, limit=limit, now=now, decay=self._decay,
                             counts=counts, weights=weights)

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[T]:
        a = self._index.alias
        where = self._index.live + ("" if project is None else f" AND {a}.project = :project")
        columns = ", ".join(f"{a}.{c}" for c in self._columns)
        rows = search.ranked_rows(self._db, self._index, terms, columns, where, {"project": project}, limit)
        return [self._from_row(r) for r in rows]
