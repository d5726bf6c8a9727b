"""Search ranking (spec §5, §8): relevance × project boost × weight × source boost."""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from abzu.domain.category import Category
from abzu.domain.vouching import REVIEWED

DEFAULT_RELEVANCE_FLOOR = 0.3


class Source(StrEnum):
    BEAD = "bead"
    CANDIDATE = "candidate"


PROJECT_BOOST = {"current": 1.5, "global": 1.2, "other": 1.0}
# Spec §5: "× 0.8 if staged_candidate -- candidates ranked below approved beads". What nobody has
# reviewed ranks there: a staged candidate, and a preference the agent wrote straight into
# wisdom.db (docs/architecture.md, deviations: it is no more checked than a candidate).
UNREVIEWED_BOOST = 0.8


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One full-text match. `strength` is the negated BM25 score: larger is better; `ceiling` is
    the strength a row of the same table holding every query term would reach, so
    strength / ceiling says how much of the query a hit covers, whichever table it came from."""

    item_id: str
    source: Source
    category: Category
    project: str | None
    content: str
    summary: str | None
    created_at: datetime
    strength: float
    weight: float = 1.0
    last_accessed: datetime | None = None
    ceiling: float = 1.0
    stale: str | None = None  # a bead's worst anchor mark (domain/anchors.Staleness value), if any
    # A bead's `vouched_by` (domain/vouching.py) as a plain string: session start must not load
    # the bead types. None: a staged candidate.
    vouched_by: str | None = None
    author: str | None = None  # set on the team's memories (issue 32): who wrote it; None: this machine's

    @property
    def reviewed(self) -> bool:
        """A bead a review or a person vouches for; never a candidate, never the agent's own."""
        return self.source is Source.BEAD and self.vouched_by in REVIEWED


@dataclass(frozen=True, slots=True)
class RankedHit:
    """A hit with its relevance (coverage of the query against the best one) and final score."""

    hit: SearchHit
    relevance: float
    score: float


@dataclass(frozen=True, slots=True)
class RankingPolicy:
    """- Relevance is one scale across beads and candidates: each hit's coverage of the query
      (strength / ceiling, both from its own table's IDFs, so a table's size cancels out),
      divided by the best coverage of the query in any source. Raw BM25 from two FTS tables is
      not comparable, and normalising per source would make a lone weak bead "the best" (1.0).
    - Matches below the relevance floor are dropped before any boost, so a weak match from the
      current project cannot outrank a strong global one.
    - Order is deterministic: score desc, then newest first, then id.
    """

    relevance_floor: float = DEFAULT_RELEVANCE_FLOOR

    def with_floor(self, floor: float | None) -> "RankingPolicy":
        return self if floor is None else RankingPolicy(floor)

    def rank(
        self, hits: list[SearchHit], *, focus_project: str | None, limit: int
    ) -> list[RankedHit]:
        best = max((_coverage(h) for h in hits), default=0.0)
        ranked = [
            RankedHit(h, rel, rel * self.boosts(h, focus_project))
            for h in hits
            if h.strength > 0 and (rel := _coverage(h) / best) >= self.relevance_floor
        ]
        ranked.sort(key=lambda r: r.hit.item_id)
        ranked.sort(key=lambda r: (r.score, r.hit.created_at), reverse=True)
        return ranked[:limit]

    @staticmethod
    def boosts(hit: SearchHit, focus_project: str | None) -> float:
        """Project × decay weight × review: what a hit's relevance is multiplied by."""
        if hit.project is None:
            project = PROJECT_BOOST["global"]
        elif hit.project == focus_project:
            project = PROJECT_BOOST["current"]
        else:
            project = PROJECT_BOOST["other"]
        return project * hit.weight * (1.0 if hit.reviewed else UNREVIEWED_BOOST)


def _coverage(hit: SearchHit) -> float:
    return hit.strength / hit.ceiling if hit.ceiling > 0 else 0.0
