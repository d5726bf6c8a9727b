"""The one read-side search: every full-text SELECT of recall, SessionStart, `related` and
duplicate detection, over beads and candidates alike, on any connection (see `fts.Fetch`).

A ranking change is made here once; tests/contract/test_search_paths.py holds every reader to
the same order.
"""

from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import NamedTuple

from abzu.adapters.sqlite.fts import Fetch, Row, SearchPlan, count_terms, plan_search, ranked_matches
from abzu.adapters.sqlite.fts_query import match_groups
from abzu.adapters.sqlite.search_sql import live_weight, scope_filter
from abzu.adapters.sqlite.timestamps import from_db, from_db_required
from abzu.domain.anchor_keys import stale_weight
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts
from abzu.domain.text import overlap, token_set

TYPE_CHECKING = False
if TYPE_CHECKING:  # remember's look-ups build these; the session start's search does not
    from abzu.domain.dedup import Existing

# The "why" column (where a memory came from: the exchange, the request) helps find it but is
# not what it says: a low BM25 weight, tuned on the LoCoMo dev split (docs/benchmarks.md).
CONTEXT_WEIGHT = 0.35


class FtsIndex(NamedTuple):  # not a dataclass: ~1 ms less of a hook's start (benchmarks.md, hot hooks)
    """A table, its FTS5 index and what a live row is: all a search needs to know of it."""

    table: str
    fts: str
    alias: str
    source: Source
    live: str
    weights: str  # bm25() column weights, in the FTS table's column order
    decays: bool  # beads age (live weight, last_accessed); candidates do not
    # SQL giving the table's row count; None: count(*) of it (the team's copy reads the number
    # its writer recorded: counting 100k rows was most of what a session start spent on it)
    size: str | None = None


# A bead's worst anchor mark (issue 16.3): "file deleted" sorts after "code changed". One lookup
# a row, on the partial index of marked anchors (w0008: `stale IS NOT NULL`); the weight factor
# is applied to the row in Python (`stale_weight`), not with a second lookup in SQL.
_STALE = "(SELECT MAX(s.stale) FROM bead_anchors s WHERE s.memory_id = {a}.id AND s.stale IS NOT NULL)"

BEADS = FtsIndex(
    "beads", "beads_fts", "b", Source.BEAD, "b.superseded_by IS NULL AND b.gemini_flagged = 0",
    f", 1.0, 1.0, 1.0, {CONTEXT_WEIGHT}", decays=True,
)
CANDIDATES = FtsIndex(
    "bead_candidates", "candidates_fts", "c", Source.CANDIDATE, "c.superseded_by IS NULL",
    f", 1.0, 1.0, {CONTEXT_WEIGHT}", decays=False,
)

# The top `limit` matches are chosen first on (rowid, strength) alone, and only those rows are
# read whole: in one flat SELECT, SQLite built every in-scope match's full row (content, decay
# CASE, anchor lookup) into its sorter before the LIMIT threw most of them away.
_SEARCH = """
SELECT {a}.id, {a}.category, {a}.project, {a}.content, {a}.summary, {a}.created_at,
       {last} AS last_accessed, k.strength, {weight} AS live_weight, {stale} AS stale,
       {vouched} AS vouched_by
FROM (SELECT f.rid, f.strength FROM {matches} f CROSS JOIN {table} {a} ON {a}.rowid = f.rid
      WHERE {live}{scope} ORDER BY f.strength DESC, f.rid DESC LIMIT :limit) k
CROSS JOIN {table} {a} ON {a}.rowid = k.rid
ORDER BY k.strength DESC, k.rid DESC
"""

# The rows of given ids, shaped like a search hit (the dense side of hybrid recall): same
# columns, same live filter and decay weight; strength 1.0 since no full-text match scored it.
# CROSS JOIN keeps the id list as the outer loop (primary-key lookups): left to itself, SQLite
# chose the gemini_flagged index and scanned every unflagged bead.
_BY_IDS = """
SELECT {a}.id, {a}.category, {a}.project, {a}.content, {a}.summary, {a}.created_at,
       {last} AS last_accessed, 1.0 AS strength, {weight} AS live_weight, {stale} AS stale,
       {vouched} AS vouched_by
FROM json_each(:ids) j CROSS JOIN {table} {a} ON {a}.id = j.value WHERE {live}{scope}
"""

_NEIGHBOURS = """
SELECT {a}.id, {a}.content FROM {matches} f CROSS JOIN {table} {a} ON {a}.rowid = f.rid
WHERE {a}.superseded_by IS NULL AND {a}.project IS :project
ORDER BY f.strength DESC, f.rid DESC LIMIT :limit
"""

# The rows holding one probe group, newest first, without BM25: BM25's first call reads every
# match of every phrase to count documents, and a near-duplicate probe (its AND-groups hold the
# note's common words too: a speaker, a date) paid that per remembered item, ~O(store) each.
# Each group has its own LIMIT: a group of common words only (every note of the day holds
# them) fills its own share, never the share of the group that holds the duplicate's rare word.
_GROUP = """
SELECT * FROM (SELECT {a}.id, {a}.content FROM {fts} f CROSS JOIN {table} {a} ON {a}.rowid = f.rowid
WHERE {fts} MATCH :g{i} AND {a}.superseded_by IS NULL AND {a}.project IS :project
ORDER BY f.rowid DESC LIMIT :limit)"""
GROUP_POOL = 8  # rows a probe group may bring back

_RELATED = """
SELECT {a}.* FROM {matches} f CROSS JOIN {table} {a} ON {a}.rowid = f.rid
WHERE {live}{project}
ORDER BY f.strength DESC, f.rid DESC LIMIT :limit
"""


def term_counts(fetch: Fetch, table: FtsIndex, terms: Sequence[str]) -> TermCounts:
    """What the table holds of each term: the first half of a search that shares its terms'
    weights with another store's (domain/term_weights.py)."""
    return count_terms(fetch, table.fts, table.table, terms, table.size)


def search(
    fetch: Fetch, table: FtsIndex, terms: Sequence[str], scope: Scope, *,
    limit: int, now: datetime, decay: DecayPolicy, counts: TermCounts | None = None,
    weights: Sequence[float] | None = None,
) -> list[SearchHit]:
    """Live rows matching any of `terms` in scope, strongest first, each with its decay weight.

    `counts`: this table's `term_counts`, when the caller took them already; `weights`: the
    terms' shared weights over every store searched (without them, this table's counts alone).
    """
    plan = plan_search(terms, term_counts(fetch, table, terms) if counts is None else counts, weights)
    if plan is None:
        return []
    where, params = scope_filter(table.alias, scope)
    weight, weight_params = live_weight(table.alias, decay, now) if table.decays else ("1.0", {})
    sql = _search_sql(table, plan.arms, where, weight)
    rows = fetch(sql, {**plan.params(), "limit": limit, **params, **weight_params})
    return [_hit(r, table.source, plan) for r in rows]


def by_ids(
    fetch: Fetch, table: FtsIndex, ids: Sequence[str], scope: Scope, *, now: datetime,
    decay: DecayPolicy,
) -> list[SearchHit]:
    """The live rows among `ids` that are in scope, in no particular order."""
    if not ids:
        return []
    where, params = scope_filter(table.alias, scope)
    weight, weight_params = live_weight(table.alias, decay, now) if table.decays else ("1.0", {})
    sql = _by_ids_sql(table, where, weight)
    import json  # here: remember's look-ups never ask by ids, and json costs ~1 ms to import

    rows = fetch(sql, {"ids": json.dumps(list(ids)), **params, **weight_params})
    return [_id_hit(r, table.source) for r in rows]


def neighbours(
    fetch: Fetch, table: FtsIndex, terms: Sequence[str], project: str | None, limit: int,
    must_share: int,
) -> "list[Existing]":
    from abzu.domain.dedup import Existing

    if must_share > 1:
        return _probe(fetch, table, terms, must_share, project, limit)
    plan = _own_plan(fetch, table, terms)
    if plan is None:
        return []
    sql = _statement(_NEIGHBOURS, table, plan.arms, "", "")
    rows = fetch(sql, {**plan.params(), "project": project, "limit": limit})
    return [Existing(r["id"], r["content"]) for r in rows]


def _probe(
    fetch: Fetch, table: FtsIndex, terms: Sequence[str], must_share: int, project: str | None,
    limit: int,
) -> "list[Existing]":
    """Rows holding at least `must_share` of `terms` (`match_groups`, each its own
    query: FTS5 leaps through a group on its rarest word), ordered closest first by the
    duplicate verdict's own measure (shared words)."""
    groups = match_groups(terms, must_share)
    if not groups:
        return []
    params = {f"g{i}": g for i, g in enumerate(groups)}
    rows = fetch(_pool_sql(table, len(groups)), {**params, "project": project, "limit": GROUP_POOL})
    from abzu.domain.dedup import Existing

    pool = [Existing(r["id"], r["content"]) for r in rows]
    if len(pool) <= 1:
        return pool
    note = token_set(" ".join(terms))  # once, not once a row as `similarity` would
    return sorted(pool, key=lambda e: -overlap(note, token_set(e.content)))[:limit]


@lru_cache(maxsize=64)
def _pool_sql(table: FtsIndex, groups: int) -> str:
    arms = (_GROUP.format(a=table.alias, table=table.table, fts=table.fts, i=i) for i in range(groups))
    return "\nUNION\n".join(arms)


def related(
    fetch: Fetch, table: FtsIndex, terms: Sequence[str], project: str | None, limit: int
) -> Sequence[Row]:
    """Whole live rows (every column) matching `terms`, in one project when given."""
    plan = _own_plan(fetch, table, terms)
    if plan is None:
        return []
    where = "" if project is None else f" AND {table.alias}.project = :project"
    sql = _statement(_RELATED, table, plan.arms, where, "")
    return fetch(sql, {**plan.params(), "project": project, "limit": limit})


def _own_plan(fetch: Fetch, table: FtsIndex, terms: Sequence[str]) -> SearchPlan | None:
    return plan_search(terms, term_counts(fetch, table, terms))


def _search_sql(table: FtsIndex, arms: int, scope: str, weight: str) -> str:
    return _statement(_SEARCH, table, arms, scope, weight)


@lru_cache(maxsize=16)
def _by_ids_sql(table: FtsIndex, scope: str, weight: str) -> str:
    last = f"{table.alias}.last_accessed" if table.decays else "NULL"
    stale = _STALE.format(a=table.alias) if table.decays else "NULL"
    return _BY_IDS.format(a=table.alias, table=table.table, live=table.live, scope=scope,
                          weight=weight, last=last, stale=stale, vouched=_vouched(table))


@lru_cache(maxsize=128)
def _statement(template: str, table: FtsIndex, arms: int, scope: str, weight: str) -> str:
    """Built once per shape (plan kind and phrases, scope, decay policy); values are bound per call."""
    return template.format(
        a=table.alias, table=table.table, live=table.live, scope=scope, project=scope,
        weight=weight, last=f"{table.alias}.last_accessed" if table.decays else "NULL",
        stale=_STALE.format(a=table.alias) if table.decays else "NULL", vouched=_vouched(table),
        matches=ranked_matches(table.fts, arms, table.weights),
    )


def _vouched(table: FtsIndex) -> str:
    """Who vouches for a bead (w0015); a candidate is nobody's yet."""
    return f"{table.alias}.vouched_by" if table.source is Source.BEAD else "NULL"


_CATEGORIES = {c.value: c for c in Category}


def _id_hit(row: Row, source: Source) -> SearchHit:
    """A `_BY_IDS` row, by position (its column order): hybrid recall maps ~100 of these per
    call, a quarter faster than `_hit`'s lookups by name, enum call and plan per row."""
    return SearchHit(
        row[0], source, _CATEGORIES[row[1]], row[2], row[3], row[4], from_db_required(row[5]),
        float(row[7]), stale_weight(float(row[8]), row[9]), from_db(row[6]), 1.0, row[9],
        row[10],
    )


def _hit(row: Row, source: Source, plan: SearchPlan) -> SearchHit:
    return SearchHit(
        row["id"], source, Category(row["category"]), row["project"], row["content"],
        row["summary"], from_db_required(row["created_at"]), float(row["strength"]),
        stale_weight(float(row["live_weight"]), row["stale"]), from_db(row["last_accessed"]), plan.ceiling,
        row["stale"], row["vouched_by"],
    )
