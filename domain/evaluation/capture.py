"""Scoring of capture (`abzu eval capture`): staged candidates against hand-labelled items.

An item is something a careful engineer would keep from a session. It is matched when one
candidate contains every keyword of one of its keyword sets (case-insensitive substrings), so a
label says *what* must be captured without prescribing the wording.

- recall = matched items / items
- precision = candidates that match some item / candidates

Per category: an item's recall counts under the item's category (whatever the category of the
candidate that matched it); a candidate's precision under the candidate's own category.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from abzu.domain.counts import Counts


@dataclass(frozen=True, slots=True)
class LabelledItem:
    id: str
    keyword_sets: tuple[tuple[str, ...], ...]
    category: str = "unlabelled"

    def matched_by(self, text: str) -> bool:
        folded = text.casefold()
        return any(all(k.casefold() in folded for k in keys) for keys in self.keyword_sets)


@dataclass(frozen=True, slots=True)
class Captured:
    """What one staged candidate (or stored preference) said, and its category."""

    category: str
    text: str


@dataclass(frozen=True, slots=True)
class Tally(Counts):
    """Counts behind recall and precision (of one transcript, one category or a whole run)."""

    items: int = 0
    matched: int = 0
    candidates: int = 0
    useful: int = 0

    @property
    def recall(self) -> float:
        return self.matched / self.items if self.items else 0.0

    @property
    def precision(self) -> float:
        return self.useful / self.candidates if self.candidates else 0.0


@dataclass(frozen=True, slots=True)
class TranscriptScore:
    name: str
    items: int
    matched: tuple[str, ...]  # ids of the items some candidate matched
    candidates: int
    useful: int  # candidates that match at least one item
    missed: tuple[str, ...]
    stray: tuple[str, ...]  # candidates that match no item (their text, for tuning)
    by_category: Mapping[str, Tally] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CaptureScore:
    transcripts: tuple[TranscriptScore, ...]

    @property
    def total(self) -> Tally:
        return sum((Tally(t.items, len(t.matched), t.candidates, t.useful) for t in self.transcripts),
                   Tally())

    @property
    def recall(self) -> float:
        return self.total.recall

    @property
    def precision(self) -> float:
        return self.total.precision

    @property
    def candidates_per_session(self) -> float:
        sessions = len(self.transcripts)
        return self.total.candidates / sessions if sessions else 0.0

    def by_category(self) -> dict[str, Tally]:
        merged: dict[str, Tally] = {}
        for t in self.transcripts:
            for category, tally in t.by_category.items():
                merged[category] = merged.get(category, Tally()) + tally
        return dict(sorted(merged.items()))

    def only(self, names: Iterable[str]) -> "CaptureScore":
        """The score of the transcripts named (a half of a split corpus)."""
        wanted = set(names)
        return CaptureScore(tuple(t for t in self.transcripts if t.name in wanted))


def score_transcript(
    name: str, items: Sequence[LabelledItem], candidates: Sequence[Captured | str]
) -> TranscriptScore:
    found = [c if isinstance(c, Captured) else Captured("unlabelled", c) for c in candidates]
    matched = tuple(i.id for i in items if any(i.matched_by(c.text) for c in found))
    useful = [c for c in found if any(i.matched_by(c.text) for i in items)]
    stray = tuple(c.text for c in found if c not in useful)
    return TranscriptScore(
        name=name, items=len(items), matched=matched, candidates=len(found), useful=len(useful),
        missed=tuple(i.id for i in items if i.id not in matched), stray=stray,
        by_category=_categories(items, matched, found, useful),
    )


def _categories(
    items: Sequence[LabelledItem], matched: Sequence[str], found: Sequence[Captured],
    useful: Sequence[Captured],
) -> dict[str, Tally]:
    tallies: dict[str, Tally] = {}
    for i in items:
        tallies[i.category] = tallies.get(i.category, Tally()) + Tally(1, int(i.id in matched))
    for c in found:
        tallies[c.category] = tallies.get(c.category, Tally()) + Tally(0, 0, 1, int(c in useful))
    return tallies


def score(
    labels: Mapping[str, Sequence[LabelledItem]],
    candidates: Mapping[str, Sequence[Captured | str]],
) -> CaptureScore:
    """`labels` and `candidates` are keyed by transcript name; a transcript without candidates
    scores zero recall on its items."""
    return CaptureScore(tuple(
        score_transcript(name, items, candidates.get(name, ())) for name, items in labels.items()
    ))
