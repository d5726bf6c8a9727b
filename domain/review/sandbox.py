"""The review sandbox: every proposal is checked before anything changes (seed 001 §5.3,
reliability.md §3.5). Structural limits in code, not trust in the reviewer."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from abzu.domain.poisoning import INSTRUCTION_LIKE
from abzu.domain.review.checks import Checks
from abzu.domain.review.model import Decision, Discard, Flag, Keep, Proposal, Rejection, ReviewBatch

INSTRUCTION_LIKE_REASON = INSTRUCTION_LIKE


@dataclass(frozen=True, slots=True)
class SandboxPolicy:
    """- A batch that discards or flags more than `destructive_share` of what it saw, and more than
      `destructive_items` items, is held back whole (unless mass discard is allowed).
    - A batch with fewer than `safety_threshold` of its proposals valid is refused whole.
    - A merged text must be at least `min_merge_ratio` times as long as its shortest source.
    """

    destructive_share: float = 0.20
    destructive_items: int = 10
    safety_threshold: float = 0.70
    min_merge_ratio: float = 0.5


@dataclass(frozen=True, slots=True)
class Verdict:
    """`accepted` is applied only when the batch is neither refused nor held back."""

    accepted: tuple[Decision, ...]
    rejected: tuple[Rejection, ...]
    refused: str | None = None
    held_back: str | None = None

    @property
    def applicable(self) -> tuple[Decision, ...]:
        return () if self.refused or self.held_back else self.accepted


@dataclass(frozen=True, slots=True)
class Sandbox:
    """- Ids must come from the batch: one unknown (hallucinated) id refuses the whole batch,
      and so does an item addressed by two proposals.
    - Actions come from a closed set; deletion is never an action (only a flag, applied later
      by maintenance, removes a bead).
    - Promote, discard and keep name one candidate; flag names one existing wisdom bead (never a
      starred one) and gives a reason; consolidate needs two or more sources and enough text.
    - For a model (not a human): candidates that read like instructions are never promoted or
      merged; they are discarded with reason `instruction-like`.
    """

    policy: SandboxPolicy = SandboxPolicy()

    def judge(
        self, batch: ReviewBatch, proposals: Sequence[Proposal], *, human: bool,
        allow_mass_discard: bool = False,
    ) -> Verdict:
        checks = Checks(batch, human=human, min_merge_ratio=self.policy.min_merge_ratio)
        outcomes = [checks.check(p) for p in proposals]
        accepted = tuple(o for o in outcomes if not isinstance(o, Rejection))
        rejected = tuple(o for o in outcomes if isinstance(o, Rejection))
        refused = self._refusal(batch, proposals, rejected, human=human)
        if refused:
            return Verdict(accepted, rejected, refused=refused)
        if not human:
            accepted = _discard_suspects(batch, accepted)
            held = self._mass_discard(batch, proposals, accepted)
            if held and not allow_mass_discard:
                return Verdict(accepted, rejected, held_back=held)
        return Verdict(accepted, rejected)

    def _refusal(
        self, batch: ReviewBatch, proposals: Sequence[Proposal], rejected: Sequence[Rejection],
        *, human: bool,
    ) -> str | None:
        unknown = sorted({i for r in rejected if r.rule == "unknown-id" for i in r.ids})
        if unknown:
            return f"unknown ids (not in the batch): {', '.join(unknown[:5])}"
        counts = Counter(i for p in proposals for i in dict.fromkeys(p.ids))
        twice = sorted(i for i, n in counts.items() if n > 1)
        if twice:
            return f"items addressed by more than one decision: {', '.join(twice[:5])}"
        # A poisoned candidate gets its own decision wrong; counting that against the batch would
        # let one such candidate block every review of its neighbours.
        judged = len(proposals) - sum(1 for r in rejected if r.rule == INSTRUCTION_LIKE_REASON)
        bad = len(rejected) - (len(proposals) - judged)
        if human or not judged:
            return None
        good = (judged - bad) / judged
        if good < self.policy.safety_threshold:
            return f"only {good:.0%} of the proposals passed the sandbox"
        return None

    def _mass_discard(
        self, batch: ReviewBatch, proposals: Sequence[Proposal], accepted: Sequence[Decision]
    ) -> str | None:
        proposed = {p.ids[0] for p in proposals if p.action in ("discard", "flag") and p.ids}
        destructive = sum(
            1 for d in accepted
            if isinstance(d, Flag) or (isinstance(d, Discard) and d.candidate_id in proposed)
        )
        if destructive > self.policy.destructive_items and (
            destructive > self.policy.destructive_share * batch.size
        ):
            return (f"would discard or flag {destructive} of {batch.size} items "
                    f"(more than {self.policy.destructive_share:.0%}); allow mass discard to apply")
        return None


def _discard_suspects(batch: ReviewBatch, accepted: tuple[Decision, ...]) -> tuple[Decision, ...]:
    discarded = {d.candidate_id for d in accepted if isinstance(d, Discard)}
    kept = [d for d in accepted if not (isinstance(d, Keep) and d.candidate_id in batch.suspects)]
    forced = [
        Discard(c.id, INSTRUCTION_LIKE_REASON)
        for c in batch.candidates if c.id in batch.suspects and c.id not in discarded
    ]
    return (*kept, *forced)
