"""The team store's full-text search: PostgreSQL's own (the generated `search` tsvector under a GIN
index, `websearch_to_tsquery`, `ts_rank_cd`), on the local search's scale.

Recall ranks local and team hits together (domain/ranking.py), so a team hit must mean what a
local one means: `strength / ceiling` is the share of the query it covers. The plan is the local
one (adapters/sqlite/fts.py): terms are counted (capped), the rarest whose matches fit RANK_BUDGET
are ranked exactly, and when every term is common the newest RECENT_WINDOW matches are taken
(1.0 with every term, else 0.5, against WINDOW_CEILING). An exact hit's strength is BM25's sum of
idf × saturated term frequency, with the same IDFs and ceiling (`query_ceiling`); the term
frequency is `ts_rank_cd` of that term alone, which weighs each occurrence by its column as bm25()
weighs the local columns (context CONTEXT_WEIGHT, the rest 1.0). Decay weights come from the
domain's DecayPolicy, row by row.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from abzu.adapters.postgres.db import PgDb, Row, no_nul
from abzu.adapters.postgres.migrations.tables_ddl import CONFIG
from abzu.adapters.sqlite.fts import (  # the local plan's own rules: one plan for both stores
    BM25_K1,
    RANK_BUDGET,
    RECENT_WINDOW,
    WINDOW_CEILING,
    _idf,
    _rarest_within,
    query_ceiling,
)
from abzu.adapters.sqlite.search import CONTEXT_WEIGHT
from abzu.domain.anchors import stale_weight
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope, ScopeKind

RANK_WEIGHTS = f"{{{CONTEXT_WEIGHT}, 1.0, 1.0, 1.0}}"  # ts_rank_cd's {D, C, B, A}: see tables_ddl.py


@dataclass(frozen=True, slots=True)
class PgIndex:
    """A table and what a live row of it is: all a search needs to know of it."""

    table: str
    alias: str
    source: Source
    live: str
    decays: bool  # beads age (decay weight, last_accessed, anchors' stale marks); candidates do not


BEADS = PgIndex("beads", "b", Source.BEAD, "b.superseded_by IS NULL AND NOT b.gemini_flagged", True)
CANDIDATES = PgIndex("bead_candidates", "c", Source.CANDIDATE, "c.superseded_by IS NULL", False)


@dataclass(frozen=True, slots=True)
class PgPlan:
    """`phrases` ranked by BM25 with `idfs`, or (window) the newest matches of any of them."""

    phrases: tuple[str, ...]
    idfs: tuple[float, ...]
    window: bool
    ceiling: float

    def params(self) -> dict[str, Any]:
        found: dict[str, Any] = {f"t{i}": p for i, p in enumerate(self.phrases)}
        found |= {f"i{i}": idf for i, idf in enumerate(self.idfs)}
        return found | {"weights": RANK_WEIGHTS, "window": RECENT_WINDOW}


def phrase(term: str) -> str | None:
    """A term as one websearch phrase: its words only, quoted, so `-`, `or` or a stray `"` are
    searched for, never read as syntax; None when no letter or digit is left."""
    words = "".join(ch if ch.isalnum() else " " for ch in no_nul(term)).split()
    return '"' + " ".join(words) + '"' if words else None


def plan(db: PgDb, index: PgIndex, terms: Sequence[str]) -> PgPlan | None:
    """The local plan over this table's counts; None when no term matches anything."""
    phrases = list(dict.fromkeys(p for t in terms if (p := phrase(t)) is not None))[:64]
    if not phrases:
        return None
    total, counts = _capped_counts(db, index.table, phrases)
    searchable = [(n, p) for n, p in zip(counts, phrases, strict=True) if n >= 0]  # -1: stopwords only
    present = sorted((n, p) for n, p in searchable if n)
    if not present:
        return None
    ceiling = query_ceiling([n for n, _ in searchable], total)
    chosen = _rarest_within(present, RANK_BUDGET)
    if chosen:
        by_phrase = dict((p, n) for n, p in present)
        return PgPlan(tuple(chosen), tuple(_idf(by_phrase[p], total) for p in chosen), False, ceiling)
    return PgPlan(tuple(p for _, p in present), (), True, WINDOW_CEILING)


def _capped_counts(db: PgDb, table: str, phrases: list[str]) -> tuple[int, list[int]]:
    """The table's size (max rid) and how many rows hold each phrase, counting no further than
    RANK_BUDGET + 1, in one round trip; -1 for a phrase made of stopwords only."""
    one = ("CASE WHEN numnode(q.q{0}) = 0 THEN -1 ELSE (SELECT count(*) FROM (SELECT 1 FROM {1} "
           "WHERE search @@ q.q{0} LIMIT :cap) x) END AS n{0}")
    columns = ", ".join(one.format(i, table) for i in range(len(phrases)))
    total = f"(SELECT coalesce(max(rid), 0) FROM {table}) AS total"
    sql = f"SELECT {total}, {columns} FROM {_queries(len(phrases))}"
    row = db.fetch(sql, {"cap": RANK_BUDGET + 1, **{f"t{i}": p for i, p in enumerate(phrases)}})[0]
    return int(row["total"]), [int(row[f"n{i}"]) for i in range(len(phrases))]


def _queries(n: int) -> str:
    parsed = ", ".join(f"websearch_to_tsquery('{CONFIG}', :t{i}) AS q{i}" for i in range(n))
    return f"(SELECT {parsed}) q"


@lru_cache(maxsize=256)
def ranked(index: PgIndex, n: int, window: bool, where: str) -> str:
    """A subquery of (rid, strength) over live rows matching the plan, strongest first, `:limit`."""
    a, any_term = index.alias, " || ".join(f"q.q{i}" for i in range(n))
    if window:
        every = " && ".join(f"q.q{i}" for i in range(n))
        newest = (f"(SELECT rid FROM {index.table} WHERE search @@ ({any_term}) "
                  "ORDER BY rid DESC LIMIT :window)")
        return (f"(SELECT {a}.rid, CASE WHEN {a}.search @@ ({every}) THEN 1.0 ELSE 0.5 END AS strength "
                f"FROM {_queries(n)} CROSS JOIN LATERAL {newest} w JOIN {index.table} {a} ON {a}.rid = w.rid "
                f"WHERE {where} ORDER BY strength DESC, {a}.rid DESC LIMIT :limit)")
    # OFFSET 0 keeps the lateral subquery whole: inlined, each rank was computed twice a row
    ranks = ", ".join(f"ts_rank_cd(CAST(:weights AS float4[]), {a}.search, q.q{i}) AS r{i}" for i in range(n))
    k1 = BM25_K1
    strength = " + ".join(f":i{i} * r.r{i} * {k1 + 1} / (r.r{i} + {k1})" for i in range(n))
    return (f"(SELECT {a}.rid, {strength} AS strength FROM {_queries(n)}, {index.table} {a} "
            f"CROSS JOIN LATERAL (SELECT {ranks} OFFSET 0) r WHERE {a}.search @@ ({any_term}) AND {where} "
            f"ORDER BY strength DESC, {a}.rid DESC LIMIT :limit)")


def scope_filter(alias: str, scope: Scope) -> tuple[str, dict[str, Any]]:
    if scope.kind is ScopeKind.ALL:
        return "", {}
    if scope.project is None:
        return f" AND {alias}.project IS NULL", {}
    return f" AND ({alias}.project IS NULL OR {alias}.project = :focus)", {"focus": scope.project}


_STALE = ("(SELECT max(s.stale) FROM bead_anchors s WHERE s.memory_id = {a}.id AND s.stale IS NOT NULL)")


@lru_cache(maxsize=64)
def _hits_sql(index: PgIndex, n: int, window: bool, scope: str) -> str:
    a = index.alias
    extra = (f"{a}.starred, {a}.last_accessed, {_STALE.format(a=a)} AS stale" if index.decays
             else "false AS starred, NULL::timestamptz AS last_accessed, NULL AS stale")
    return (f"SELECT {a}.id, {a}.category, {a}.project, {a}.content, {a}.summary, {a}.created_at, "
            f"{a}.author, k.strength, {extra} FROM {ranked(index, n, window, index.live + scope)} k "
            f"JOIN {index.table} {a} ON {a}.rid = k.rid ORDER BY k.strength DESC, k.rid DESC")


def search(
    db: PgDb, index: PgIndex, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
    decay: DecayPolicy, authors: bool = False,
) -> list[SearchHit]:
    """Live rows matching any of `terms` in scope, strongest first, each with its decay weight;
    `authors`: each hit names who wrote it (the team's hits, beside the local ones)."""
    found = plan(db, index, terms)
    if found is None:
        return []
    where, params = scope_filter(index.alias, scope)
    rows = db.fetch(_hits_sql(index, len(found.phrases), found.window, where),
                    {**found.params(), **params, "limit": limit})
    return [_hit(r, index, found.ceiling, now, decay, authors) for r in rows]


def _hit(row: Row, index: PgIndex, ceiling: float, now: datetime, decay: DecayPolicy,
         authors: bool) -> SearchHit:
    category = Category(row["category"])
    weight = 1.0
    if index.decays:
        idle = row["last_accessed"] or row["created_at"]
        weight = stale_weight(decay.idle_weight(category, starred=row["starred"], idle_since=idle, now=now),
                              row["stale"])
    return SearchHit(
        row["id"], index.source, category, row["project"], row["content"], row["summary"],
        row["created_at"], float(row["strength"]), weight, row["last_accessed"], ceiling, row["stale"],
        author=row["author"] if authors else None,
    )


def ranked_rows(db: PgDb, index: PgIndex, terms: Sequence[str], columns: str, where: str,
                params: dict[str, Any], limit: int) -> Sequence[Row]:
    """`columns` of the rows matching `terms` under `where`, strongest first (neighbours, related)."""
    found = plan(db, index, terms)
    if found is None:
        return []
    a = index.alias
    sql = (f"SELECT {columns} FROM {ranked(index, len(found.phrases), found.window, where)} k "
           f"JOIN {index.table} {a} ON {a}.rid = k.rid ORDER BY k.strength DESC, k.rid DESC")
    return db.fetch(sql, {**found.params(), **params, "limit": limit})
