"""Retrieval metrics over a ranking of unit ids (turns or sessions), best first.

- hit@k: some relevant unit is in the top k.  - all@k: every relevant unit is in the top k.
- reciprocal rank: 1 / rank of the first relevant unit, 0 when none was retrieved.
"""

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass


def first_rank(ranking: Sequence[str], relevant: Collection[str]) -> int | None:
    """1-based rank of the first relevant unit, None when none was retrieved."""
    return next((i for i, unit in enumerate(ranking, start=1) if unit in relevant), None)


def hit_at(ranking: Sequence[str], relevant: Collection[str], k: int) -> bool:
    return any(unit in relevant for unit in ranking[:k])


def all_at(ranking: Sequence[str], relevant: Collection[str], k: int) -> bool:
    return bool(relevant) and set(relevant) <= set(ranking[:k])


def reciprocal_rank(ranking: Sequence[str], relevant: Collection[str]) -> float:
    rank = first_rank(ranking, relevant)
    return 0.0 if rank is None else 1.0 / rank


def collapse(ranking: Iterable[str], group_of: Mapping[str, str]) -> list[str]:
    """Map each unit to its group and keep the groups in first-occurrence order."""
    return list(dict.fromkeys(group_of[unit] for unit in ranking if unit in group_of))


def percentile(values: Sequence[float], pct: float) -> float:
    """Linear interpolation between closest ranks (numpy's default); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * pct / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True, slots=True)
class Score:
    """One system's result on one question."""

    hits: tuple[bool, ...]
    alls: tuple[bool, ...]
    reciprocal_rank: float
    latency_ms: float


def score(
    ranking: Sequence[str], relevant: Collection[str], ks: Sequence[int], latency_ms: float
) -> Score:
    return Score(
        tuple(hit_at(ranking, relevant, k) for k in ks),
        tuple(all_at(ranking, relevant, k) for k in ks),
        reciprocal_rank(ranking, relevant),
        latency_ms,
    )


@dataclass(frozen=True, slots=True)
class Summary:
    """Means over questions (one entry per k) and latency percentiles in milliseconds."""

    questions: int
    hit_at: tuple[float, ...]
    all_at: tuple[float, ...]
    mrr: float
    p50_ms: float
    p95_ms: float


def summarise(scores: Sequence[Score], k_count: int) -> Summary:
    n = len(scores)

    def mean(values: Iterable[float]) -> float:
        return sum(values) / n if n else 0.0

    latencies = [s.latency_ms for s in scores]
    return Summary(
        n,
        tuple(mean(s.hits[i] for s in scores) for i in range(k_count)),
        tuple(mean(s.alls[i] for s in scores) for i in range(k_count)),
        mean(s.reciprocal_rank for s in scores),
        percentile(latencies, 50),
        percentile(latencies, 95),
    )
