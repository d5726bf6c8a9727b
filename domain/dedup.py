"""Write-time duplicate detection (spec §10): content hash, then FTS similarity."""

from dataclasses import dataclass
from enum import StrEnum

from abzu.domain.text import STOPWORDS, words

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


def token_set(text: str) -> frozenset[str]:
    return frozenset(w for w in words(text) if w not in STOPWORDS) or frozenset(words(text))


def similarity(a: str, b: str) -> float:
    """Shared distinct non-stopword tokens over the size of the larger token set, 0..1.

    Dividing by the larger set means a short note is never 'the same' as a long one that merely
    contains it: both texts must consist mostly of the same words. Word order and case are ignored.
    """
    ta, tb = token_set(a), token_set(b)
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / max(len(ta), len(tb))


@dataclass(frozen=True, slots=True)
class DedupPolicy:
    """- Same content hash in the same scope: skip, and report the existing id.
    - Similarity strictly above the threshold with a live item in the same scope: the new one is
      stored and supersedes the most similar old one (kept, never recalled again).
    - Otherwise: store.
    """

    threshold: float = SIMILARITY_THRESHOLD

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
