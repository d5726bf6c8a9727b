"""Write-time duplicate detection (spec §10): content hash, then FTS similarity."""

import math
from dataclasses import dataclass
from enum import StrEnum

from abzu.domain.text import overlap as overlap  # the token helpers live in text.py, re-exported
from abzu.domain.text import probe_groups as probe_groups
from abzu.domain.text import token_set as token_set

SIMILARITY_THRESHOLD = 0.85


class DedupOutcome(StrEnum):
    STORED = "stored"
    SKIPPED_DUPLICATE = "skipped-duplicate"
    SUPERSEDED = "superseded"


@dataclass(frozen=True, slots=True)
class Existing:
    """An earlier bead or candidate in the same scope, as returned by the FTS look-up."""

    item_id: str
    content: str


@dataclass(frozen=True, slots=True)
class DedupVerdict:
    outcome: DedupOutcome
    existing_id: str | None = None
    similarity: float = 0.0


def similarity(a: str, b: str) -> float:
    """Shared distinct non-stopword tokens over the size of the larger token set, 0..1.

    Dividing by the larger set means a short note is never 'the same' as a long one that merely
    contains it: both texts must consist mostly of the same words. Word order and case are ignored.
    """
    return overlap(token_set(a), token_set(b))


@dataclass(frozen=True, slots=True)
class DedupPolicy:
    """- Same content hash in the same scope: skip, and report the existing id.
    - Similarity strictly above the threshold with a live item in the same scope: the new one is
      stored and supersedes the most similar old one (kept, never recalled again).
    - Otherwise: store.
    """

    threshold: float = SIMILARITY_THRESHOLD

    def must_share(self, content: str, probe_terms: int) -> int:
        """How many of `probe_terms` keywords of `content` any near-duplicate of it contains.

        Similarity above the threshold means missing fewer than (1 - threshold) of content's
        distinct tokens, so the look-up for neighbours can skip texts that share less.
        """
        misses = max(0, math.ceil((1 - self.threshold) * len(token_set(content))) - 1)
        return max(1, probe_terms - misses)

    def judge(
        self, content: str, *, exact_match: str | None, neighbours: list[Existing]
    ) -> DedupVerdict:
        if exact_match is not None:
            return DedupVerdict(DedupOutcome.SKIPPED_DUPLICATE, exact_match, 1.0)
        scored = [(similarity(content, n.content), n.item_id) for n in neighbours]
        best = max(scored, default=(0.0, ""), key=lambda pair: pair[0])
        if best[0] > self.threshold:
            return DedupVerdict(DedupOutcome.SUPERSEDED, best[1], best[0])
        return DedupVerdict(DedupOutcome.STORED, None, best[0])
