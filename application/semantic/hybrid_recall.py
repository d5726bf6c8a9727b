"""Recall's hybrid ranking: the lexical ranking fused with the dense neighbours (issue 12.4).

The same min-max weighted sum as `fusion.fuse` (and `abzu eval --semantic`), over recall's
ranked hits: the lexical side is each hit's final score (relevance × boosts), the dense side
is the cosine × the same boosts, so the current project still counts. A memory without a
vector yet (embedding runs in the background) keeps its lexical score alone rather than
losing the dense share: coverage below 100 % must not push fresh memories down.

The relevance floor (spec §8) holds here too (issue 29.4). Nearest neighbours always exist,
however unrelated: a model's cosines run from a noise level that unrelated passages reach
(`Embedder.noise_cosine`) to the level of a strong match (`strong_cosine`). A neighbour's dense
relevance is where its cosine sits on that scale, (cosine - noise) / (strong - noise), capped at
1: the lexical relevance's 0..1 scale. Neighbours at or below the noise level add nothing; a
memory with no lexical match is kept only when its dense relevance alone reaches the floor;
lexical hits already did.
"""

from collections.abc import Callable, Sequence, Set

from abzu.application.semantic.fusion import min_max
from abzu.domain.ranking import RankedHit, SearchHit

Boost = Callable[[SearchHit], float]


def dense_relevance(cosine: float, scale: tuple[float, float]) -> float:
    """0 at or below the model's noise level, 1 at or above a strong match's cosine."""
    noise, strong = scale
    return min(1.0, max(0.0, (cosine - noise) / (strong - noise))) if strong > noise else 0.0


def fuse_ranked(
    lexical: Sequence[RankedHit], dense: Sequence[tuple[SearchHit, float]], embedded: Set[str],
    boost: Boost, dense_weight: float, limit: int, *, scale: tuple[float, float] = (0.0, 1.0),
    floor: float = 0.0,
) -> list[RankedHit]:
    """Hits of both lists, best first; ties keep the lexical order, then the dense order. Each
    hit's relevance is the better of its lexical and its dense relevance (never below `floor`)."""
    near = [(hit, dense_relevance(cosine, scale), cosine) for hit, cosine in dense if cosine > scale[0]]
    lex = min_max([(r.hit.item_id, r.score) for r in lexical])
    den = min_max([(hit.item_id, cosine * boost(hit)) for hit, _, cosine in near])
    hits = {r.hit.item_id: r.hit for r in lexical}
    relevance = {r.hit.item_id: r.relevance for r in lexical}
    for hit, rel, _ in near:
        if hit.item_id in hits or rel >= floor:
            hits.setdefault(hit.item_id, hit)
            relevance[hit.item_id] = max(relevance.get(hit.item_id, 0.0), rel)
    order = {item: i for i, item in enumerate(hits)}

    def fused(item: str) -> float:
        if item in den or item in embedded:
            return (1 - dense_weight) * lex.get(item, 0.0) + dense_weight * den.get(item, 0.0)
        return lex.get(item, 0.0)  # no vector: lexical only

    scored = sorted(((fused(i), i) for i in hits), key=lambda si: (-si[0], order[si[1]]))
    return [RankedHit(hits[item], relevance[item], score) for score, item in scored[:limit]]
