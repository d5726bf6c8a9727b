"""Hybrid ranking's scale: min-max weighted sum of a lexical and a dense list (issue 12.4);
the fusion itself is hybrid_recall.fuse_ranked.

Plain reciprocal-rank fusion was measured worse on the dev split (hit@5 0.676 vs 0.732 for the
weighted sum): it gives a weak dense hit the same pull as a strong lexical one. Min-max keeps
how far apart the scores are within each list; an item missing from a list scores 0 there.
"""

from collections.abc import Sequence

DEFAULT_DENSE_WEIGHT = 0.3
FUSION_DEPTH = 100  # how many of each list are fused


def min_max(scored: Sequence[tuple[str, float]]) -> dict[str, float]:
    """Scores mapped onto 0..1 within their list; a list of equal scores maps to 1.0 each."""
    if not scored:
        return {}
    low, high = min(s for _, s in scored), max(s for _, s in scored)
    span = high - low
    return {item: (s - low) / span if span > 0 else 1.0 for item, s in scored}
