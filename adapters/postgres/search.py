"""The team store's full-text search: PostgreSQL's own (the generated `search` tsvector under a GIN
index, `websearch_to_tsquery`, `ts_rank_cd`), on the local search's scale.

Recall ranks local and team hits together (domain/ranking.py), so a team hit must mean what a
local one means: `strength / ceiling` is the share of the query it covers. The plan is the local
one (adapters/sqlite/fts.py): terms are counted (capped), the rarest whose matches fit RANK_BUDGET
are ranked exactly, and when every term is common the newest RECENT_WINDOW matches are taken
(1.0 with every term, else 0.5, against WINDOW_CEILING). An exact hit's strength is the sum of
each ranked term's shared weight (domain/term_weights.py: one weight a word over every store a
recall reads, the team's tables included) times its saturated term frequency, as the local one's;
the term frequency is `ts_rank_cd` of that term alone, which weighs each occurrence by its column
as bm25() weighs the local columns (context CONTEXT_WEIGHT, the rest 1.0). Counts are kept in
the local stores' term order (`quoted_terms`), so they add up with theirs. Decay weights come from
the domain's DecayPolicy, row by row.
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
    _rarest_within,
    query_ceiling,
)
from abzu.adapters.sqlite.fts_query import quoted_terms
from abzu.adapters.sqlite.search import CONTEXT_WEIGHT
from abzu.adapters.sqlite.search_sql import scope_filter
from abzu.domain.anchor_keys import stale_weight
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts, shared_weights

RANK_WEIGHTS = f"{{{CONTEXT_WEIGHT}, 1.0, 1.0, 1.0}}"  # ts_rank_cd's {D, C, B, A}: see tables_ddl.py
# A table's size, as the IDF needs it: its rows counted (the ones this member may see) up to
# EXACT_SIZE, else its arrival count (max rid), which overstates only by the rows deleted since.
# Counting 100k rows under row-level security costs more than the whole search.
EXACT_SIZE = 5_000
# pg_class.reltuples (the planner's row estimate, refreshed by VACUUM and ANALYZE) at which a table
# surely holds more than EXACT_SIZE rows: a margin of two for a statistic that lags behind deletes.
SURELY_LARGER = 2 * EXACT_SIZE


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
    """`phrases` ranked each with its `weights`, or (window) the newest matches of any of them."""

    phrases: tuple[str, ...]
    weights: tuple[float, ...]
    window: bool
    ceiling: float

    def params(self, prefix: str = "") -> dict[str, Any]:
        found: dict[str, Any] = {f"{prefix}t{i}": p for i, p in enumerate(self.phrases)}
        found |= {f"{prefix}i{i}": w for i, w in enumerate(self.weights)}
        return found | {"weights": RANK_WEIGHTS, "window": RECENT_WINDOW}


def phrase(term: str) -> str | None:
    """A term as one websearch phrase: its words only, quoted, so `-`, `or` or a stray `"` are
    searched for, never read as syntax; None when no letter or digit is left."""
    words = "".join(ch if ch.isalnum() else " " for ch in no_nul(term)).split()
    return '"' + " ".join(words) + '"' if words else None


def aligned_phrases(terms: Sequence[str]) -> list[str | None]:
    """One phrase per term the local stores count (`quoted_terms`, in its order), so that a
    table's counts here line up with theirs; None where PostgreSQL finds no word in it."""
    return [phrase(q[1:-1].replace('""', '"')) for q in quoted_terms(terms)]


def term_counts(db: PgDb, indexes: Sequence[PgIndex], terms: Sequence[str]) -> list[TermCounts]:
    """What each table holds of each term (counted no further than RANK_BUDGET + 1) and its size,
    in one round trip: the first half of a search that shares its terms' weights."""
    aligned = aligned_phrases(terms)
    distinct = list(dict.fromkeys(p for p in aligned if p is not None))
    if not distinct:
        return [TermCounts((0,) * len(aligned), 0) for _ in indexes]
    found = _capped_counts(db, indexes, distinct)
    return [TermCounts(tuple(max(counts.get(p, 0), 0) if p is not None else 0 for p in aligned), total)
            for total, counts in found]


def plan(db: PgDb, index: PgIndex, terms: Sequence[str]) -> PgPlan | None:
    """The local plan over this table's own counts and weights; None when no term matches."""
    return plan_of(terms, term_counts(db, (index,), terms)[0])


def plan_of(
    terms: Sequence[str], counts: TermCounts, weights: Sequence[float] | None = None
) -> PgPlan | None:
    """The rarest terms whose matches fit the budget, ranked with their shared `weights` (without
    them, this table's counts alone make them); else a recent window; None: nothing matches here."""
    aligned = aligned_phrases(terms)
    shared = shared_weights([counts]) if weights is None else tuple(weights)
    present = sorted((n, p, i) for i, (n, p) in enumerate(zip(counts.counts, aligned, strict=True))
                     if n and p is not None)
    if not present:
        return None
    chosen = _rarest_within(present, RANK_BUDGET)
    if chosen:
        left_out = [i for _, _, i in present[len(chosen):]]
        return PgPlan(tuple(p for _, p, _ in chosen), tuple(shared[i] for _, _, i in chosen), False,
                      query_ceiling(shared, left_out))
    return PgPlan(tuple(dict.fromkeys(p for _, p, _ in present)), (), True, WINDOW_CEILING)


def _capped_counts(
    db: PgDb, indexes: Sequence[PgIndex], phrases: list[str]
) -> list[tuple[int, dict[str, int]]]:
    """Each table's size (EXACT_SIZE) and how many of its rows hold each phrase, counting no
    further than RANK_BUDGET + 1; -1 for a phrase made of stopwords only."""
    one = ("CASE WHEN numnode(q.q{0}) = 0 THEN -1 ELSE (SELECT count(*) FROM (SELECT 1 FROM {1} "
           "WHERE search @@ q.q{0} LIMIT :cap) x) END AS n{2}_{0}")
    # Counting EXACT_SIZE rows was a third of a recall's work on the server. A session that sees
    # every row (no row-level security for it: the schema's owner, the team backend) of a table
    # the statistics put far above EXACT_SIZE takes max(rid) at once, as the count would have led
    # it to (PostgreSQL evaluates the count only on the branch that needs it).
    size = ("(SELECT CASE WHEN NOT row_security_active('{0}') AND (SELECT reltuples FROM pg_class "
            "WHERE oid = '{0}'::regclass) >= :sure THEN (SELECT coalesce(max(rid), 0) FROM {0}) ELSE "
            "(SELECT CASE WHEN s.n < :exact THEN s.n ELSE (SELECT coalesce(max(rid), 0) FROM {0}) END "
            "FROM (SELECT count(*) AS n FROM (SELECT 1 FROM {0} LIMIT :exact) x) s) END) AS total{1}")
    columns = [f"{size.format(index.table, k)}, "
               + ", ".join(one.format(i, index.table, k) for i in range(len(phrases)))
               for k, index in enumerate(indexes)]
    sql = f"SELECT {', '.join(columns)} FROM {_queries(len(phrases))}"
    params = {"cap": RANK_BUDGET + 1, "exact": EXACT_SIZE, "sure": SURELY_LARGER,
              **{f"t{i}": p for i, p in enumerate(phrases)}}
    row = db.fetch(sql, params)[0]
    return [(int(row[f"total{k}"]), {p: int(row[f"n{k}_{i}"]) for i, p in enumerate(phrases)})
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
        # Each of the newest matches looked up by its rid (a nested loop: OFFSET 0 keeps the
        # lateral whole); joined, the planner read every live row in scope to hash them (issue 32).
        return (f"(SELECT x.rid, x.strength FROM {queries} CROSS JOIN LATERAL {newest} w CROSS JOIN LATERAL "
                f"(SELECT {a}.rid, CASE WHEN {a}.search @@ ({every}) THEN 1.0 ELSE 0.5 END AS strength "
                f"FROM {index.table} {a} WHERE {a}.rid = w.rid AND {where} OFFSET 0) x "
                "ORDER BY x.strength DESC, x.rid DESC LIMIT :limit)")
    # OFFSET 0 keeps the lateral subquery whole: inlined, each rank was computed twice a row
    ranks = ", ".join(f"ts_rank_cd(CAST(:weights AS float4[]), {a}.search, q.q{i}) AS r{i}" for i in range(n))
    k1 = BM25_K1
    strength = " + ".join(f":{prefix}i{i} * r.r{i} * {k1 + 1} / (r.r{i} + {k1})" for i in range(n))
    return (f"(SELECT {a}.rid, {strength} AS strength FROM {queries}, {index.table} {a} "
            f"CROSS JOIN LATERAL (SELECT {ranks} OFFSET 0) r WHERE {a}.search @@ ({any_term}) AND {where} "
            f"ORDER BY strength DESC, {a}.rid DESC LIMIT :limit)")


_STALE = ("(SELECT max(s.stale) FROM bead_anchors s WHERE s.memory_id = {a}.id AND s.stale IS NOT NULL)")


@lru_cache(maxsize=64)
def _hits_sql(index: PgIndex, n: int, window: bool, scope: str, prefix: str = "", part: int = 0) -> str:
    a = index.alias
    extra = (f"{a}.starred, {a}.last_accessed, {_STALE.format(a=a)} AS stale, {a}.vouched_by" if index.decays
             else "false AS starred, NULL::timestamptz AS last_accessed, NULL AS stale, NULL AS vouched_by")
    return (f"SELECT {part} AS part, k.rid, {a}.id, {a}.category, {a}.project, {a}.content, {a}.summary, "
            f"{a}.created_at, {a}.author, k.strength, {extra} "
            f"FROM {ranked(index, n, window, index.live + scope, prefix)} k "
            f"JOIN {index.table} {a} ON {a}.rid = k.rid")


def search(
    db: PgDb, index: PgIndex, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
    decay: DecayPolicy, authors: bool = False, counts: TermCounts | None = None,
    weights: Sequence[float] | None = None,
) -> list[SearchHit]:
    """Live rows matching any of `terms` in scope, strongest first, each with its decay weight;
    `authors`: each hit names who wrote it (the team's hits, beside the local ones). `counts`:
    this table's `term_counts`, when the caller took them; `weights`: the terms' shared weights."""
    return search_all(db, (index,), terms, scope, limit=limit, now=now, decay=decay, authors=authors,
                      counts=None if counts is None else (counts,), weights=weights)


def search_all(
    db: PgDb, indexes: Sequence[PgIndex], terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
    decay: DecayPolicy, authors: bool = False, counts: Sequence[TermCounts] | None = None,
    weights: Sequence[float] | None = None,
) -> list[SearchHit]:
    """`search` of each table, table after table, in one round trip (two without `counts`).
    Without `weights`, these tables' counts together make them."""
    held = term_counts(db, indexes, terms) if counts is None else counts
    shared = shared_weights(held) if weights is None else weights
    found = [plan_of(terms, table, shared) for table in held]
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
        vouched_by=row["vouched_by"], author=row["author"] if authors else None,
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
