"""Beads (wisdom.db) and candidates (abzu.db staging): spec §5 and §16."""

from dataclasses import dataclass, replace
from enum import StrEnum

from abzu.domain import vouching
from abzu.domain.category import Category

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the lean path
if TYPE_CHECKING:
    from datetime import datetime


class CandidateSource(StrEnum):
    SESSION_END = "session_end"
    PROJECT_COMPLETION = "project_completion"
    MANUAL = "manual"
    EM_DISTILL = "em_distill"
    MIGRATION = "migration"  # Appendix A: old Enki beads, staged for review


class VouchedBy(StrEnum):
    """Who answers for a bead's text (issue 29, defect 8). A preference goes straight to
    wisdom.db (spec §6) whoever wrote it, but only a review or a person makes it reviewed: what
    the agent wrote (an MCP remember, a preference mined from the transcript, a distillation) is
    shown as the agent's until a person confirms it."""

    AGENT = vouching.AGENT  # the agent wrote it; nobody has checked it yet
    PERSON = vouching.PERSON  # a person typed it (`abzu remember`, `abzu edit`, the page) or confirmed it
    REVIEW = vouching.REVIEW  # promoted or consolidated by a review (Gemini, or a person's)

    @property
    def reviewed(self) -> bool:
        return self.value in vouching.REVIEWED


@dataclass(frozen=True, slots=True)
class Bead:
    """A unit of permanent knowledge: reviewed, typed by a person, or (a preference) written by
    the agent and not reviewed yet (`vouched_by`). The default is the agent's: a writer that does
    not say who vouches for the text never makes it look reviewed."""

    id: str
    content: str
    category: Category
    project: str | None
    content_hash: str
    created_at: "datetime"
    summary: str | None = None
    weight: float = 1.0
    starred: bool = False
    tags: tuple[str, ...] = ()
    context: str | None = None
    superseded_by: str | None = None
    gemini_flagged: bool = False
    flag_reason: str | None = None
    last_accessed: "datetime | None" = None
    promoted_at: "datetime | None" = None
    vouched_by: VouchedBy = VouchedBy.AGENT

    @property
    def is_live(self) -> bool:
        """Superseded beads are kept for history but never recalled."""
        return self.superseded_by is None

    @property
    def reviewed(self) -> bool:
        """Checked by a review or written by a person: never true of the agent's own text."""
        return self.vouched_by.reviewed

    def confirmed(self) -> "Bead":
        """A person read it and answers for it now."""
        return self if self.vouched_by is VouchedBy.PERSON else replace(self, vouched_by=VouchedBy.PERSON)

    def star(self) -> "Bead":
        return self if self.starred else replace(self, starred=True, weight=1.0)

    def recalled(self, *, at: "datetime") -> "Bead":
        return replace(self, last_accessed=at)

    def superseded(self, *, by: str) -> "Bead":
        return replace(self, superseded_by=by)

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
    created_at: "datetime"
    summary: str | None = None
    session_id: str | None = None
    tags: tuple[str, ...] = ()
    context: str | None = None
    superseded_by: str | None = None

    def __post_init__(self) -> None:  # every copy (`replace`) is checked too
        if self.category is Category.PREFERENCE:
            raise ValueError("preferences are never staged: they go straight to wisdom")

    @property
    def is_live(self) -> bool:
        return self.superseded_by is None

    def superseded(self, *, by: str) -> "Candidate":
        return replace(self, superseded_by=by)
