"""The ranking plan of a full-text search, bounded in work, on any connection.

No SQLAlchemy here: the plan runs through a `Fetch` callable, so the same code ranks on a
SQLAlchemy connection (recall, the repositories) and on a plain sqlite3 one (the SessionStart
hook, which cannot afford SQLAlchemy's import time).
"""

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from abzu.adapters.sqlite.fts_query import quoted_terms
from abzu.domain.values import Value

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

Row = Mapping[Any, Any]  # a sqlite3.Row or a SQLAlchemy RowMapping: read by column name
Fetch = Callable[[str, Mapping[str, Any]], Sequence[Row]]


class SearchPlan(Value):  # a Value, not @dataclass: see domain/values.py
    """Either BM25 over every match of `match`, or (window set) a recency window, no BM25.

    `ceiling` is the best strength any row of this table could reach for the whole query, so
    strength / ceiling is comparable across tables (see `query_ceiling`).
    """

    __slots__ = ("ceiling", "match", "match_all", "window")
    __match_args__ = ("match", "window", "match_all", "ceiling")
    match: str
    window: int | None
    match_all: str | None
    ceiling: float

    def __init__(self, match: str, window: int | None = None, match_all: str | None = None,
                 ceiling: float = 1.0) -> None:
        self._set(match=match, window=window, match_all=match_all, ceiling=ceiling)

    def params(self) -> dict[str, object]:
        if self.window is None:
            return {"match": self.match}
        return {"match": self.match, "match_all": self.match_all, "window": self.window}


def plan_search(fetch: Fetch, fts_table: str, terms: Sequence[str]) -> SearchPlan | None:
    """The rarest terms whose matches fit the budget together, ranked exactly; else a recent window.

    None when no term matches anything, so the caller can skip the search altogether.
    """
    phrases = quoted_terms(terms)
    total, counts = _capped_counts(fetch, fts_table, phrases, RANK_BUDGET + 1)
    counted = sorted(zip(counts, phrases, strict=True))
    present = [(count, phrase) for count, phrase in counted if count]
    if not present:
        return None
    chosen = _rarest_within(present, RANK_BUDGET)
    if chosen:
        return SearchPlan(" OR ".join(chosen), ceiling=query_ceiling(counts, total))
    phrases = [phrase for _, phrase in present]
    return SearchPlan(" OR ".join(phrases), RECENT_WINDOW, " AND ".join(phrases), WINDOW_CEILING)


def query_ceiling(counts: Sequence[int], total: int) -> float:
    """The BM25 of an ideal row holding every query term, with this table's IDFs.

    A term the table lacks still counts (a row cannot match it, so it covers less of the query);
    a term too common to rank (over the budget) adds nothing here, as it adds nothing to scores.
    This is what makes a lone weak match in a small table weak, not the table's "best".
    """
    idfs = (_idf(n, total) for n in counts if n <= RANK_BUDGET)
    return max(sum(idfs) * (BM25_K1 + 1), 1e-9)


def _idf(matches: int, total: int) -> float:
    """FTS5's IDF, floored as FTS5 floors it."""
    total = max(total, matches)
    return max(math.log((total - matches + 0.5) / (matches + 0.5)), 1e-6)


def _rarest_within(counted: list[tuple[int, str]], budget: int) -> list[str]:
    """Phrases, rarest first, while their matches together stay within the budget."""
    chosen, total = [], 0
    for count, phrase in counted:
        if total + count > budget:
            break
        chosen.append(phrase)
        total += count
    return chosen


def _capped_counts(
    fetch: Fetch, fts_table: str, phrases: list[str], cap: int
) -> tuple[int, list[int]]:
    """The table's size (max rowid: O(log n), close enough for an IDF) and how many rows match
    each phrase, counting no further than `cap`, in one round trip."""
    if not phrases:
        return 0, []
    one = (f"(SELECT count(*) FROM (SELECT 1 FROM {fts_table} WHERE {fts_table} MATCH :m{{0}} "
           "LIMIT :cap)) AS n{0}")
    columns = ", ".join(one.format(i) for i in range(len(phrases)))
    sql = f"SELECT (SELECT coalesce(max(rowid), 0) FROM {fts_table}) AS total, {columns}"
    rows = fetch(sql, {"cap": cap, **{f"m{i}": p for i, p in enumerate(phrases)}})
    if not rows:  # a reader that could not read (missing store) finds nothing
        return 0, [0] * len(phrases)
    return int(rows[0]["total"]), [int(rows[0][f"n{i}"]) for i in range(len(phrases))]


def ranked_matches(fts_table: str, plan: SearchPlan, weights: str = "") -> str:
    """A subquery of (rid, strength) for the plan; larger strength is better.

    Exact plans use the negated BM25 (`weights`: its per-column weights, e.g. ", 1.0, 0.25").
    Window plans take the newest matches of any term (FTS5 walks its doclists by rowid, so this
    is cheap) and give 1.0 to those holding every term, else 0.5; the every-term check only scans
    the rowid range of the window, which keeps it cheap too.
    """
    if plan.window is None:
        return (
            f"(SELECT rowid AS rid, -bm25({fts_table}{weights}) AS strength FROM {fts_table} "
            f"WHERE {fts_table} MATCH :match)"
        )
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

