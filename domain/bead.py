"""Beads (wisdom.db) and candidates (abzu.db staging): spec §5 and §16."""

from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from abzu.domain.category import Category


class CandidateSource(StrEnum):
    SESSION_END = "session_end"
    PROJECT_COMPLETION = "project_completion"
    MANUAL = "manual"
    EM_DISTILL = "em_distill"
    MIGRATION = "migration"  # Appendix A: old Enki beads, staged for review


@dataclass(frozen=True, slots=True)
class Bead:
    """A unit of permanent, reviewed knowledge (or a preference, which needs no review)."""

    id: str
    content: str
    category: Category
    project: str | None
    content_hash: str
    created_at: datetime
    summary: str | None = None
    weight: float = 1.0
    starred: bool = False
    tags: tuple[str, ...] = ()
    context: str | None = None
    superseded_by: str | None = None
    gemini_flagged: bool = False
    flag_reason: str | None = None
    last_accessed: datetime | None = None
    promoted_at: datetime | None = None

    @property
    def is_live(self) -> bool:
        """Superseded beads are kept for history but never recalled."""
        return self.superseded_by is None

    def star(self) -> "Bead":
        return self if self.starred else replace(self, starred=True, weight=1.0)

    def recalled(self, *, at: datetime) -> "Bead":
        return replace(self, last_accessed=at)

    def superseded(self, *, by: str) -> "Bead":
        return replace(self, superseded_by=by)

    def with_weight(self, weight: float) -> "Bead":
        return self if weight == self.weight else replace(self, weight=weight)

    def flagged(self, reason: str) -> "Bead":
        return replace(self, gemini_flagged=True, flag_reason=reason)

    def unflagged(self) -> "Bead":
        return replace(self, gemini_flagged=False, flag_reason=None)


@dataclass(frozen=True, slots=True)
class Candidate:
    """Knowledge waiting in staging for review; searchable, ranked below beads."""

    id: str
    content: str
    category: Category
    project: str | None
    content_hash: str
    source: CandidateSource
    created_at: datetime
    summary: str | None = None
    session_id: str | None = None
    tags: tuple[str, ...] = ()
    context: str | None = None
    superseded_by: str | None = None

    def __post_init__(self) -> None:
        if self.category is Category.PREFERENCE:
            raise ValueError("preferences are never staged: they go straight to wisdom")

    @property
    def is_live(self) -> bool:
        return self.superseded_by is None

    def superseded(self, *, by: str) -> "Candidate":
        return replace(self, superseded_by=by)
