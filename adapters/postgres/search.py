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

    def params(self, prefix: str = "") -> dict[str, Any]:
        found: dict[str, Any] = {f"{prefix}t{i}": p for i, p in enumerate(self.phrases)}
        found |= {f"{prefix}i{i}": idf for i, idf in enumerate(self.idfs)}
        return found | {"weights": RANK_WEIGHTS, "window": RECENT_WINDOW}


def phrase(term: str) -> str | None:
    """A term as one websearch phrase: its words only, quoted, so `-`, `or` or a stray `"` are
    searched for, never read as syntax; None when no letter or digit is left."""
    words = "".join(ch if ch.isalnum() else " " for ch in no_nul(term)).split()
    return '"' + " ".join(words) + '"' if words else None


def plan(db: PgDb, index: PgIndex, terms: Sequence[str]) -> PgPlan | None:
    """The local plan over this table's counts; None when no term matches anything."""
    return plans(db, (index,), terms)[0]


def plans(db: PgDb, indexes: Sequence[PgIndex], terms: Sequence[str]) -> list[PgPlan | None]:
    """`plan` of each table, counted in one round trip."""
    phrases = list(dict.fromkeys(p for t in terms if (p := phrase(t)) is not None))[:64]
    if not phrases:
        return [None] * len(indexes)
    return [_chosen(phrases, total, counts) for total, counts in _capped_counts(db, indexes, phrases)]


def _chosen(phrases: list[str], total: int, counts: list[int]) -> PgPlan | None:
    searchable = [(n, p) for n, p in zip(counts, phrases, strict=True) if n >= 0]  # -1: stopwords only
    present = sorted((n, p) for n, p in searchable if n)
    if not present:
        return None
    ceiling = query_ceiling([n for n, _ in searchable], total)
    chosen = _rarest_within(present, RANK_BUDGET)
    if chosen:
        by_phrase = {p: n for n, p in present}
        return PgPlan(tuple(chosen), tuple(_idf(by_phrase[p], total) for p in chosen), False, ceiling)
    return PgPlan(tuple(p for _, p in present), (), True, WINDOW_CEILING)


def _capped_counts(
    db: PgDb, indexes: Sequence[PgIndex], phrases: list[str]
) -> list[tuple[int, list[int]]]:
    """Each table's size (max rid) and how many of its rows hold each phrase, counting no further
    than RANK_BUDGET + 1; -1 for a phrase made of stopwords only."""
    one = ("CASE WHEN numnode(q.q{0}) = 0 THEN -1 ELSE (SELECT count(*) FROM (SELECT 1 FROM {1} "
           "WHERE search @@ q.q{0} LIMIT :cap) x) END AS n{2}_{0}")
    columns = [f"(SELECT coalesce(max(rid), 0) FROM {index.table}) AS total{k}, "
               + ", ".join(one.format(i, index.table, k) for i in range(len(phrases)))
               for k, index in enumerate(indexes)]
    sql = f"SELECT {', '.join(columns)} FROM {_queries(len(phrases))}"
    row = db.fetch(sql, {"cap": RANK_BUDGET + 1, **{f"t{i}": p for i, p in enumerate(phrases)}})[0]
    return [(int(row[f"total{k}"]), [int(row[f"n{k}_{i}"]) for i in range(len(phrases))])
            for k in range(len(indexes))]


def _queries(n: int, prefix: str = "") -> str:
    parsed = ", ".join(f"websearch_to_tsquery('{CONFIG}', :{prefix}t{i}) AS q{i}" for i in range(n))
    return f"(SELECT {parsed}) q"


@lru_cache(maxsize=256)
def ranked(index: PgIndex, n: int, window: bool, where: str, prefix: str = "") -> str:
    """A subquery of (rid, strength) over live rows matching the plan, strongest first, `:limit`."""
    a, any_term, queries = index.alias, " || ".join(f"q.q{i}" for i in range(n)), _queries(n, prefix)
    if window:
        every = " && ".join(f"q.q{i}" for i in range(n))
        newest = (f"(SELECT rid FROM {index.table} WHERE search @@ ({any_term}) "
                  "ORDER BY rid DESC LIMIT :window)")
        return (f"(SELECT {a}.rid, CASE WHEN {a}.search @@ ({every}) THEN 1.0 ELSE 0.5 END AS strength "
                f"FROM {queries} CROSS JOIN LATERAL {newest} w JOIN {index.table} {a} ON {a}.rid = w.rid "
                f"WHERE {where} ORDER BY strength DESC, {a}.rid DESC LIMIT :limit)")
    # OFFSET 0 keeps the lateral subquery whole: inlined, each rank was computed twice a row
    ranks = ", ".join(f"ts_rank_cd(CAST(:weights AS float4[]), {a}.search, q.q{i}) AS r{i}" for i in range(n))
    k1 = BM25_K1
    strength = " + ".join(f":{prefix}i{i} * r.r{i} * {k1 + 1} / (r.r{i} + {k1})" for i in range(n))
    return (f"(SELECT {a}.rid, {strength} AS strength FROM {queries}, {index.table} {a} "
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
def _hits_sql(index: PgIndex, n: int, window: bool, scope: str, prefix: str = "", part: int = 0) -> str:
    a = index.alias
    extra = (f"{a}.starred, {a}.last_accessed, {_STALE.format(a=a)} AS stale" if index.decays
             else "false AS starred, NULL::timestamptz AS last_accessed, NULL AS stale")
    return (f"SELECT {part} AS part, k.rid, {a}.id, {a}.category, {a}.project, {a}.content, {a}.summary, "
            f"{a}.created_at, {a}.author, k.strength, {extra} "
            f"FROM {ranked(index, n, window, index.live + scope, prefix)} k "
            f"JOIN {index.table} {a} ON {a}.rid = k.rid")


def search(
    db: PgDb, index: PgIndex, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
    decay: DecayPolicy, authors: bool = False,
) -> list[SearchHit]:
    """Live rows matching any of `terms` in scope, strongest first, each with its decay weight;
    `authors`: each hit names who wrote it (the team's hits, beside the local ones)."""
    return search_all(db, (index,), terms, scope, limit=limit, now=now, decay=decay, authors=authors)


def search_all(
    db: PgDb, indexes: Sequence[PgIndex], terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
    decay: DecayPolicy, authors: bool = False,
) -> list[SearchHit]:
    """`search` of each table, table after table, in two round trips (counts, then hits)."""
    found = plans(db, indexes, terms)
    arms, params = [], {"limit": limit}
    for part, (index, chosen) in enumerate(zip(indexes, found, strict=True)):
        if chosen is None:
            continue
        where, scoped = scope_filter(index.alias, scope)
        arms.append(f"({_hits_sql(index, len(chosen.phrases), chosen.window, where, f'p{part}_', part)})")
        params |= {**chosen.params(f"p{part}_"), **scoped}
    if not arms:
        return []
    rows = sorted(db.fetch(" UNION ALL ".join(arms), params),
                  key=lambda r: (r["part"], -float(r["strength"]), -int(r["rid"])))
    return [_hit(r, indexes[r["part"]], _ceiling(found[r["part"]]), now, decay, authors) for r in rows]


def _ceiling(chosen: PgPlan | None) -> float:
    assert chosen is not None
    return chosen.ceiling


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
