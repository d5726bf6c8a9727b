"""Recall's hybrid ranking: the lexical ranking fused with the dense neighbours (issue 12.4).

The same min-max weighted sum as `fusion.fuse` (and `abzu eval --semantic`), over recall's
ranked hits: the lexical side is each hit's final score (relevance × boosts), the dense side
is the cosine × the same boosts, so the current project still counts. A memory without a
vector yet (embedding runs in the background) keeps its lexical score alone rather than
losing the dense share: coverage below 100 % must not push fresh memories down.
"""

from collections.abc import Callable, Sequence, Set

from abzu.application.semantic.fusion import min_max
from abzu.domain.ranking import RankedHit, SearchHit

Boost = Callable[[SearchHit], float]


def fuse_ranked(
    lexical: Sequence[RankedHit], dense: Sequence[tuple[SearchHit, float]], embedded: Set[str],
    boost: Boost, dense_weight: float, limit: int,
) -> list[RankedHit]:
    """Hits of both lists, best first; ties keep the lexical order, then the dense order."""
    lex = min_max([(r.hit.item_id, r.score) for r in lexical])
    den = min_max([(hit.item_id, cosine * boost(hit)) for hit, cosine in dense])
    hits = {r.hit.item_id: r.hit for r in lexical}
    for hit, _ in dense:
        hits.setdefault(hit.item_id, hit)
    order = {item: i for i, item in enumerate(hits)}

    def fused(item: str) -> float:
        if item in den or item in embedded:
            return (1 - dense_weight) * lex.get(item, 0.0) + dense_weight * den.get(item, 0.0)
        return lex.get(item, 0.0)  # no vector: lexical only

    scored = sorted(((fused(i), i) for i in hits), key=lambda si: (-si[0], order[si[1]]))
    return [RankedHit(hits[item], score, score) for score, item in scored[:limit]]
