"""Building FTS5 MATCH expressions that never raise, and keeping the ranking work bounded."""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, text

from abzu.adapters.sqlite.fts_query import match_at_least, quoted_terms

# BM25 costs microseconds per matching row, and its first call scans every match of each term to
# count documents: ranking a word found in most of 100k notes takes tens of milliseconds. So BM25
# ranks at most RANK_BUDGET rows (the rarest terms). When every term is that common, BM25 would
# say little anyway: the newest RECENT_WINDOW matches are taken, those with every term first.
RANK_BUDGET = 500
RECENT_WINDOW = 300


@dataclass(frozen=True, slots=True)
class SearchPlan:
    """Either BM25 over every match of `match`, or (window set) a recency window, no BM25."""

    match: str
    window: int | None = None
    match_all: str | None = None


def plan_search(conn: Connection, fts_table: str, terms: Sequence[str]) -> SearchPlan | None:
    """The rarest terms whose matches fit the budget together, ranked exactly; else a recent window.

    None when no term matches anything, so the caller can skip the search altogether.
    """
    phrases = quoted_terms(terms)
    counted = sorted(zip(_capped_counts(conn, fts_table, phrases, RANK_BUDGET + 1), phrases, strict=True))
    present = [(count, phrase) for count, phrase in counted if count]
    if not present:
        return None
    chosen = _rarest_within(present, RANK_BUDGET)
    if chosen:
        return SearchPlan(" OR ".join(chosen))
    phrases = [phrase for _, phrase in present]
    return SearchPlan(" OR ".join(phrases), RECENT_WINDOW, " AND ".join(phrases))


def _rarest_within(counted: list[tuple[int, str]], budget: int) -> list[str]:
    """Phrases, rarest first, while their matches together stay within the budget."""
    chosen, total = [], 0
    for count, phrase in counted:
        if total + count > budget:
            break
        chosen.append(phrase)
        total += count
    return chosen


def _capped_counts(conn: Connection, fts_table: str, phrases: list[str], cap: int) -> list[int]:
    """How many rows match each phrase, counting no further than `cap` (one round trip)."""
    if not phrases:
        return []
    one = f"(SELECT count(*) FROM (SELECT 1 FROM {fts_table} WHERE {fts_table} MATCH :m{{}} LIMIT :cap))"
    sql = "SELECT " + ", ".join(one.format(i) for i in range(len(phrases)))
    row = conn.execute(text(sql), {"cap": cap, **{f"m{i}": p for i, p in enumerate(phrases)}}).one()
    return [int(n) for n in row]


def ranked_matches(fts_table: str, plan: SearchPlan) -> str:
    """A subquery of (rid, strength) for the plan; larger strength is better.

    Exact plans use the negated BM25. Window plans take the newest matches of any term (FTS5 walks
    its doclists by rowid, so this is cheap) and give 1.0 to those holding every term, else 0.5;
    the every-term check only scans the rowid range of the window, which keeps it cheap too.
    """
    if plan.window is None:
        return (
            f"(SELECT rowid AS rid, -bm25({fts_table}) AS strength FROM {fts_table} "
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


def plan_params(plan: SearchPlan) -> dict[str, object]:
    if plan.window is None:
        return {"match": plan.match}
    return {"match": plan.match, "match_all": plan.match_all, "window": plan.window}


def neighbour_plan(
    conn: Connection, fts_table: str, terms: Sequence[str], must_share: int
) -> SearchPlan | None:
    """Candidates for duplicate detection: when a near-duplicate must share several terms, only
    rows holding enough of them (exactly ranked, a small set); otherwise the bounded search plan."""
    if must_share > 1:
        match = match_at_least(terms, must_share)
        return SearchPlan(match) if match else None
    return plan_search(conn, fts_table, terms)
