"""`FtsTable`: what the bead and candidate repositories share (a table, its FTS index and its
row mapper), written once; each repository is one and adds what only it does."""

from collections.abc import Sequence
from datetime import datetime
from typing import TypeVar

from abzu.adapters.row_table import RowTable, first
from abzu.adapters.sqlite import search
from abzu.adapters.sqlite.columns import update_sql
from abzu.adapters.sqlite.db import Db, in_list
from abzu.adapters.sqlite.search import FtsIndex
from abzu.domain.dedup import Existing
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

T = TypeVar("T")
MERGE_PAGES = 256  # FTS5 pages of merge work after each bulk batch (a 500-turn batch writes ~40)


class FtsTable(RowTable[T, Db, FtsIndex]):
    def update(self, item: T) -> None:
        row = self._to_row(item)
        row["key"] = row.pop("id")  # the id is matched, never rewritten
        self._db.execute(update_sql(self._index.table, self._columns, "id"), row)

    def find_by_hash(self, content_hash: str, project: str | None) -> T | None:
        where = "content_hash = :hash AND project IS :project"
        return first(self.select(where, {"hash": content_hash, "project": project}, " LIMIT 1"))

    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]:
        """One query per 500 hashes; the first row by rowid, as `find_by_hash`'s LIMIT 1 finds."""
        found = dict[str, str]()
        for start in range(0, len(hashes), 500):
            listed, params = in_list("h", hashes[start:start + 500])
            sql = (f"SELECT content_hash, id FROM {self._index.table} WHERE content_hash IN {listed}"
                   " AND project IS :project ORDER BY rowid DESC")
            rows = self._db.fetch(sql, {**params, "project": project})
            found |= {r["content_hash"]: r["id"] for r in rows}  # the lowest rowid wins
        return found

    def any_live(self, project: str | None) -> bool:
        sql = f"SELECT 1 FROM {self._index.table} WHERE project IS :project AND superseded_by IS NULL LIMIT 1"
        return bool(self._db.fetch(sql, {"project": project}))

    def settle_index(self) -> None:
        # Each committed batch leaves its terms as one more FTS5 segment, and every term of
        # every search is looked up once per segment: on a 3,000-row store a probe took 0.60 ms
        # with 12 segments, 0.32 ms with one. A negative 'merge' merges segments of any level,
        # at most MERGE_PAGES pages of work a batch, so a big store's merge is spread over
        # many batches instead of one `optimize` rewriting the whole index.
        fts = self._index.fts
        self._db.execute(f"INSERT INTO {fts}({fts}, rank) VALUES ('merge', :pages)",
                         {"pages": -MERGE_PAGES})

    def holders(self, words: Sequence[str], most: int) -> dict[str, tuple[int, ...] | None]:
        """One bounded look-up a word, on its content column only (newest first, no join)."""
        fts = self._index.fts
        # One row a word (its keys joined): a row a key cost more in the driver than the look-up.
        sql = (f"SELECT group_concat(rowid) FROM (SELECT rowid FROM {fts} WHERE {fts} MATCH :q"
               " ORDER BY rowid DESC LIMIT :n)")
        found: dict[str, tuple[int, ...] | None] = {}
        for word in words:
            joined = self._db.scalar(sql, {"q": f'content : "{word}"', "n": most + 1})
            keys = tuple(map(int, joined.split(","))) if joined else ()
            found[word] = keys if len(keys) <= most else None
        return found

    def live_by_key(self, keys: Sequence[int], project: str | None) -> dict[int, Existing]:
        if not keys:
            return {}
        sql = (f"SELECT rowid AS k, id, content FROM {self._index.table} WHERE rowid IN"
               " (SELECT value FROM json_each(:keys)) AND superseded_by IS NULL AND project IS :project")
        import json  # here: only a bulk import asks by keys (remember's start-up need not load it)

        rows = self._db.fetch(sql, {"keys": json.dumps(list(keys)), "project": project})
        return {r["k"]: Existing(r["id"], r["content"]) for r in rows}

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]:
        return search.neighbours(self._db.fetch, self._index, terms, project, limit, must_share)

    def term_counts(self, terms: Sequence[str]) -> TermCounts:
        return search.term_counts(self._db.fetch, self._index, terms)

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        return search.search(self._db.fetch, self._index, terms, scope, limit=limit, now=now,
                             decay=self._decay, counts=counts, weights=weights)

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[T]:
        rows = search.related(self._db.fetch, self._index, terms, project, limit)
        return [self._from_row(r) for r in rows]

