"""What a reviewer sees (a batch) and says (proposals), and the closed set of decisions Abzu applies
(spec §11 actions: promote, consolidate, discard, flag existing; plus keep staged)."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from abzu.domain.bead import Bead, Candidate
from abzu.domain.category import Category


class Action(StrEnum):
    PROMOTE = "promote"
    CONSOLIDATE = "consolidate"
    DISCARD = "discard"
    FLAG = "flag"
    KEEP = "keep"


@dataclass(frozen=True, slots=True)
class ReviewBatch:
    """Candidates sent together, the wisdom beads sent as context, and for each candidate the
    ids of its closest beads (best first). `suspects` are candidates that read like instructions."""

    number: int
    candidates: tuple[Candidate, ...]
    context: tuple[Bead, ...] = ()
    related: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    suspects: frozenset[str] = frozenset()

    @property
    def candidate_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.candidates)

    @property
    def bead_ids(self) -> frozenset[str]:
        return frozenset(b.id for b in self.context)

    @property
    def size(self) -> int:
        return len(self.candidates) + len(self.context)


@dataclass(frozen=True, slots=True)
class Proposal:
    """One decision as a reviewer stated it: untrusted until validated. `action` is free text
    here on purpose, so that anything outside the closed set is caught and reported."""

    action: str
    candidate_ids: tuple[str, ...] = ()
    bead_ids: tuple[str, ...] = ()
    content: str | None = None
    category: str | None = None
    reason: str = ""

    @property
    def ids(self) -> tuple[str, ...]:
        return (*self.candidate_ids, *self.bead_ids)


@dataclass(frozen=True, slots=True)
class Promote:
    candidate_id: str
    content: str | None = None
    category: Category | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Consolidate:
    candidate_ids: tuple[str, ...]
    bead_ids: tuple[str, ...]
    content: str
    category: Category | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Discard:
    candidate_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class Flag:
    bead_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class Keep:
    candidate_id: str
    reason: str = ""


Decision = Promote | Consolidate | Discard | Flag | Keep


@dataclass(frozen=True, slots=True)
class Rejection:
    """A proposal the sandbox refused (or the whole batch, when `ids` is empty and rule says so)."""

    rule: str
    detail: str
    ids: tuple[str, ...] = ()
