"""Scoring of capture (`abzu eval capture`): staged candidates against hand-labelled items.

An item is something a careful engineer would keep from a session. It is matched when one
candidate contains every keyword of one of its keyword sets (case-insensitive substrings), so a
label says *what* must be captured without prescribing the wording.

- recall = matched items / items
- precision = candidates that match some item / candidates
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LabelledItem:
    id: str
    keyword_sets: tuple[tuple[str, ...], ...]

    def matched_by(self, text: str) -> bool:
        folded = text.casefold()
        return any(all(k.casefold() in folded for k in keys) for keys in self.keyword_sets)


@dataclass(frozen=True, slots=True)
class TranscriptScore:
    name: str
    items: int
    matched: tuple[str, ...]  # ids of the items some candidate matched
    candidates: int
    useful: int  # candidates that match at least one item
    missed: tuple[str, ...]
    stray: tuple[str, ...]  # candidates that match no item (their text, for tuning)


@dataclass(frozen=True, slots=True)
class CaptureScore:
    transcripts: tuple[TranscriptScore, ...]

    @property
    def recall(self) -> float:
        items = sum(t.items for t in self.transcripts)
        return sum(len(t.matched) for t in self.transcripts) / items if items else 0.0

    @property
    def precision(self) -> float:
        candidates = sum(t.candidates for t in self.transcripts)
        return sum(t.useful for t in self.transcripts) / candidates if candidates else 0.0

    @property
    def candidates_per_session(self) -> float:
        sessions = len(self.transcripts)
        return sum(t.candidates for t in self.transcripts) / sessions if sessions else 0.0


def score_transcript(name: str, items: Sequence[LabelledItem], candidates: Sequence[str]) -> TranscriptScore:
    matched = tuple(i.id for i in items if any(i.matched_by(c) for c in candidates))
    stray = tuple(c for c in candidates if not any(i.matched_by(c) for i in items))
    return TranscriptScore(
        name=name, items=len(items), matched=matched, candidates=len(candidates),
        useful=len(candidates) - len(stray), missed=tuple(i.id for i in items if i.id not in matched),
        stray=stray,
    )


def score(
    labels: Mapping[str, Sequence[LabelledItem]], candidates: Mapping[str, Sequence[str]]
) -> CaptureScore:
    """`labels` and `candidates` are keyed by transcript name; a transcript without candidates
    scores zero recall on its items."""
    return CaptureScore(tuple(
        score_transcript(name, items, candidates.get(name, ())) for name, items in labels.items()
    ))
