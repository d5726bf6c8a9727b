"""The ranking plan of a full-text search, bounded in work, on any connection.

The plan runs through a `Fetch` callable, so the same code ranks on a unit of work's connection
(recall, the repositories), on the SessionStart hook's read-only one and on the team store.
"""

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from abzu.adapters.sqlite.fts_query import quoted_terms
from abzu.domain.term_weights import TermCounts, shared_weights

# BM25 costs microseconds per matching row, and its first call scans every match of each term to
# count documents: ranking a word found in most of 100k notes takes tens of milliseconds. So BM25
# ranks at most RANK_BUDGET rows (the rarest terms). When every term is that common, BM25 would
# say little anyway: the newest RECENT_WINDOW matches are taken, those with every term first.
RANK_BUDGET = 500
RECENT_WINDOW = 300
BM25_K1 = 1.2  # FTS5's constant: a term's BM25 share never exceeds idf * (k1 + 1)
# Window plans score 1.0 (every term) or 0.5 without BM25; against this ceiling a full match
# reads like a good BM25 match (about half of the unreachable ideal), not like a perfect one.
WINDOW_CEILING = 2.0

Row = Mapping[Any, Any]  # read by column name
Fetch = Callable[[str, Mapping[str, Any]], Sequence[Row]]


class SearchPlan(NamedTuple):  # not a dataclass: ~1 ms less of a hook's start (benchmarks.md, hot hooks)
    """Either BM25 over every match of each chosen phrase, or (window set) a recency window.

    An exact plan ranks each phrase on its own and adds them up, each scaled by `factors`: its
    shared weight over this table's IDF (the one FTS5's BM25 applies), so a row's strength is
    sum(weight x BM25's term-frequency share) whatever its table. `ceiling` is the strength an
    ideal row holding every query term would reach, so strength / ceiling is comparable across
    tables (see `query_ceiling`).
    """

    match: str
    window: int | None = None
    match_all: str | None = None
    ceiling: float = 1.0
    phrases: tuple[str, ...] = ()
    factors: tuple[float, ...] = ()

    @property
    def arms(self) -> int:
        """How many phrases an exact plan ranks (the shape of its SQL); 0 for a window plan."""
        return 0 if self.window is not None else len(self.phrases)

    def params(self) -> dict[str, object]:
        if self.window is None:
            return {**{f"m{i}": p for i, p in enumerate(self.phrases)},
                    **{f"k{i}": k for i, k in enumerate(self.factors)}}
        return {"match": self.match, "match_all": self.match_all, "window": self.window}


def count_terms(
    fetch: Fetch, fts_table: str, content_table: str, terms: Sequence[str], size: str | None = None,
) -> TermCounts:
    """How many rows hold each searchable phrase of `terms` (`quoted_terms` order, counted no
    further than RANK_BUDGET + 1) and how many rows the table has (`size`: SQL that says so;
    default count(*)), in one round trip."""
    phrases = quoted_terms(terms)
    total, counts = _capped_counts(fetch, fts_table, content_table, phrases, RANK_BUDGET + 1, size)
    return TermCounts(tuple(counts), total)


def plan_search(
    terms: Sequence[str], counts: TermCounts, weights: Sequence[float] | None = None,
) -> SearchPlan | None:
    """The rarest terms whose matches fit the budget together, ranked exactly; else a recent window.

    `weights` are the terms' shared weights (domain/term_weights.py); without them, this table's
    counts alone make them. None when no term matches anything here, so the caller can skip the
    search altogether.
    """
    phrases = quoted_terms(terms)
    shared = shared_weights([counts]) if weights is None else tuple(weights)
    counted = sorted(zip(counts.counts, phrases, range(len(phrases)), strict=True))
    present = [(count, phrase, i) for count, phrase, i in counted if count]
    if not present:
        return None
    chosen = _rarest_within(present, RANK_BUDGET)
    if chosen:
        left_out = [i for _, _, i in present[len(chosen):]]
        factors = tuple(shared[i] / _idf(counts.counts[i], counts.total) for _, _, i in chosen)
        return SearchPlan(" OR ".join(p for _, p, _ in chosen), ceiling=query_ceiling(shared, left_out),
                          phrases=tuple(p for _, p, _ in chosen), factors=factors)
    phrases = [phrase for _, phrase, _ in present]
    return SearchPlan(" OR ".join(phrases), RECENT_WINDOW, " AND ".join(phrases), WINDOW_CEILING)


def query_ceiling(weights: Sequence[float], left_out: Sequence[int] = ()) -> float:
    """The strength of an ideal row holding every query term: sum(weight) x (k1 + 1).

    A term the table lacks still counts (a row cannot match it, so it covers less of the query);
    a term no store holds weighs 0 (an unmatched word must not sink the matches of the others);
    a term too common to rank here (`left_out`, over the budget) adds nothing here, as it adds
    nothing to scores.
    """
    skipped = set(left_out)
    kept = sum(w for i, w in enumerate(weights) if i not in skipped)
    return max(kept * (BM25_K1 + 1), 1e-9)


def _idf(matches: int, total: int) -> float:
    """FTS5's IDF, floored as FTS5 floors it: what its BM25 multiplies a phrase's share by."""
    total = max(total, matches)
    return max(math.log((total - matches + 0.5) / (matches + 0.5)), 1e-6)


def _rarest_within(counted: list[tuple[int, str, int]], budget: int) -> list[tuple[int, str, int]]:
    """Phrases, rarest first, while their matches together stay within the budget."""
    chosen, total = [], 0
    for found in counted:
        if total + found[0] > budget:
            break
        chosen.append(found)
        total += found[0]
    return chosen


def _capped_counts(
    fetch: Fetch, fts_table: str, content_table: str, phrases: list[str], cap: int, size: str | None = None,
) -> tuple[int, list[int]]:
    """The table's size and how many rows match each phrase, counting no further than `cap`, in
    one round trip. The size is the row count FTS5's IDF uses (the triggers index every row of
    the content table), not max(rowid): reviewed-away candidates leave gaps, and a size off by a
    few rows in a small table reads a word held by most rows as a rare one."""
    if not phrases:
        return 0, []
    one = (f"(SELECT count(*) FROM (SELECT 1 FROM {fts_table} WHERE {fts_table} MATCH :m{{0}} "
           "LIMIT :cap)) AS n{0}")
    columns = ", ".join(one.format(i) for i in range(len(phrases)))
    sql = f"SELECT {size or f'(SELECT count(*) FROM {content_table})'} AS total, {columns}"
    rows = fetch(sql, {"cap": cap, **{f"m{i}": p for i, p in enumerate(phrases)}})
    if not rows:  # a reader that could not read (missing store) finds nothing
        return 0, [0] * len(phrases)
    return int(rows[0]["total"]), [int(rows[0][f"n{i}"]) for i in range(len(phrases))]


def ranked_matches(fts_table: str, arms: int, weights: str = "") -> str:
    """A subquery of (rid, strength) for a plan of `arms` phrases (`SearchPlan.arms`; 0: a
    window plan); larger strength is better.

    Exact plans rank each phrase on its own (`:m<i>`), by the negated BM25 (`weights`: its
    per-column weights, e.g. ", 1.0, 0.25") times its factor (`:k<i>`), and add a row's shares
    up: one BM25 over the OR of the phrases would weigh them by this table's IDFs alone.
    Window plans take the newest matches of any term (FTS5 walks its doclists by rowid, so this
    is cheap) and give 1.0 to those holding every term, else 0.5; the every-term check only scans
    the rowid range of the window, which keeps it cheap too.
    """
    if arms:
        one = (f"SELECT rowid AS rid, -bm25({fts_table}{weights}) * :k{{0}} AS strength "
               f"FROM {fts_table} WHERE {fts_table} MATCH :m{{0}}")
        if arms == 1:
            return f"({one.format(0)})"
        union = " UNION ALL ".join(one.format(i) for i in range(arms))
        return f"(SELECT rid, sum(strength) AS strength FROM ({union}) GROUP BY rid)"
    window = (
        f"(SELECT rowid AS rid FROM {fts_table} WHERE {fts_table} MATCH :match "
        f"ORDER BY rowid DESC LIMIT :window)"
    )
    every_term = (
        f"SELECT rowid FROM {fts_table} WHERE {fts_table} MATCH :match_all "
        f"AND rowid >= (SELECT min(rid) FROM {window})"
    )
    strength = f"CASE WHEN w.rid IN ({every_term}) THEN 1.0 ELSE 0.5 END"
    return f"(SELECT w.rid, {strength} AS strength FROM {window} w)"

