"""Fitting accumulated summaries into their budget (spec §7, compaction death-spiral prevention).

1. Everything fits: all summaries in full.
2. Otherwise the most recent in full, earlier ones collapsed into one condensed narrative.
3. Still too long: the most recent in full plus a list of key decisions.
4. The most recent alone is too long: it is clipped (head and tail kept).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from abzu.domain.injection import clip
from abzu.domain.sessions.condense import condensed, key_decisions
from abzu.domain.sessions.summary import SessionSummary


class Collapse(StrEnum):
    NONE = "none"
    CONDENSED = "condensed"
    DECISIONS = "decisions"
    CLIPPED = "clipped"


@dataclass(frozen=True, slots=True)
class SummaryFit:
    """The summaries as they fit their budget, and how they were shortened to fit (if at all)."""

    text: str
    collapse: Collapse

    @property
    def collapsed(self) -> bool:
        return self.collapse is not Collapse.NONE


Render = Callable[[SessionSummary], str]


def fit_summaries(summaries: Sequence[SessionSummary], budget: int, render: Render) -> SummaryFit:
    """`summaries` oldest first; the result is never longer than `budget` characters."""
    if not summaries or budget <= 0:
        return SummaryFit("", Collapse.NONE if not summaries else Collapse.CLIPPED)
    blocks = [render(s) for s in summaries]
    everything = "\n\n".join(blocks)
    if len(everything) <= budget:
        return SummaryFit(everything, Collapse.NONE)
    latest, earlier = blocks[-1], summaries[:-1]
    if len(latest) > budget:
        return SummaryFit(clip(latest, budget), Collapse.CLIPPED)
    narrative = condensed(earlier)
    if len(narrative) + 2 + len(latest) <= budget:
        return SummaryFit(f"{narrative}\n\n{latest}", Collapse.CONDENSED)
    decisions = key_decisions(earlier, budget - len(latest) - 2)
    text = f"{decisions}\n\n{latest}" if decisions else latest
    return SummaryFit(text, Collapse.DECISIONS)
