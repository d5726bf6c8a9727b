"""One weight per query word, shared by every store a search reads (issue 29.2).

BM25's IDF belongs to one table. In a small staging table a word held by most rows gets FTS5's
floor (1e-6), while a word the table lacks gets the highest IDF there is; weighing a query by each
table's own IDFs let one extra word (a typo, the project name the session start adds) outweigh
every word a staged row held, and sank staged matches below the relevance floor. So each word
gets one weight from the counts of all the stores together, with an IDF that stays positive
however common the word is (Lucene's BM25 form): a word in most rows weighs little, never
nothing, and a word that no store holds weighs nothing, in every table's ceiling alike.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TermCounts:
    """How many rows of one table hold each query term (`counts`, in the query's order; the
    counter may stop at a cap, which is close enough for a weight) and how many rows it has."""

    counts: tuple[int, ...]
    total: int


def shared_weights(tables: Sequence[TermCounts]) -> tuple[float, ...]:
    """Each term's IDF over the rows of every table together; 0.0 for a term none of them holds."""
    total = sum(t.total for t in tables)
    held = [sum(column) for column in zip(*(t.counts for t in tables), strict=True)]
    return tuple(_idf(n, total) if n > 0 else 0.0 for n in held)


def _idf(held: int, total: int) -> float:
    total = max(total, held)
    return math.log(1.0 + (total - held + 0.5) / (held + 0.5))
