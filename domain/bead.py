"""Beads (wisdom.db) and candidates (abzu.db staging): spec §5 and §16.

`Bead` and `Candidate` are `Value`s, not `@dataclass`es (see domain/values.py): `abzu remember`
imports this module, and `dataclasses` costs it `inspect`, `ast` and `dis`. Their `replace` is
typed below for mypy (a wrong field name or type is an error, as `dataclasses.replace` was
with mypy's dataclass plugin); at run time it is `Value.replace`.
"""

from enum import StrEnum

from abzu.domain import vouching
from abzu.domain.category import Category
from abzu.domain.values import Value

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


class Bead(Value):
    """A unit of permanent knowledge: reviewed, typed by a person, or (a preference) written by
    the agent and not reviewed yet (`vouched_by`). The default is the agent's: a writer that does
    not say who vouches for the text never makes it look reviewed."""

    __match_args__ = (
        "id", "content", "category", "project", "content_hash", "created_at", "summary", "weight",
        "starred", "tags", "context", "superseded_by", "gemini_flagged", "flag_reason",
        "last_accessed", "promoted_at", "vouched_by",
    )
    __slots__ = __match_args__
    id: str
    content: str
    category: Category
    project: str | None
    content_hash: str
    created_at: "datetime"
    summary: str | None
    weight: float
    starred: bool
    tags: tuple[str, ...]
    context: str | None
    superseded_by: str | None
    gemini_flagged: bool
    flag_reason: str | None
    last_accessed: "datetime | None"
    promoted_at: "datetime | None"
    vouched_by: VouchedBy

    def __init__(  # one parameter per field, as the dataclass had
        self, id: str, content: str, category: Category, project: str | None, content_hash: str,
        created_at: "datetime", summary: str | None = None, weight: float = 1.0,
        starred: bool = False, tags: tuple[str, ...] = (), context: str | None = None,
        superseded_by: str | None = None, gemini_flagged: bool = False,
        flag_reason: str | None = None, last_accessed: "datetime | None" = None,
        promoted_at: "datetime | None" = None, vouched_by: VouchedBy = VouchedBy.AGENT,
    ) -> None:
        self._set(
            id=id, content=content, category=category, project=project, content_hash=content_hash,
            created_at=created_at, summary=summary, weight=weight, starred=starred, tags=tags,
            context=context, superseded_by=superseded_by, gemini_flagged=gemini_flagged,
            flag_reason=flag_reason, last_accessed=last_accessed, promoted_at=promoted_at,
            vouched_by=vouched_by,
        )

    if TYPE_CHECKING:  # Value.replace, typed per field (`...`: the field is kept)
        def replace(  # type: ignore[override]  # narrower than Value's `**changes: object`
            self, *, id: str = ..., content: str = ..., category: Category = ...,
            project: str | None = ..., content_hash: str = ..., created_at: "datetime" = ...,
            summary: str | None = ..., weight: float = ..., starred: bool = ...,
            tags: tuple[str, ...] = ..., context: str | None = ..., superseded_by: str | None = ...,
            gemini_flagged: bool = ..., flag_reason: str | None = ...,
            last_accessed: "datetime | None" = ..., promoted_at: "datetime | None" = ...,
            vouched_by: VouchedBy = ...,
        ) -> "Bead": ...

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
        return self if self.vouched_by is VouchedBy.PERSON else self.replace(vouched_by=VouchedBy.PERSON)

    def star(self) -> "Bead":
        return self if self.starred else self.replace(starred=True, weight=1.0)

    def recalled(self, *, at: "datetime") -> "Bead":
        return self.replace(last_accessed=at)

    def superseded(self, *, by: str) -> "Bead":
        return self.replace(superseded_by=by)

    def with_weight(self, weight: float) -> "Bead":
        return self if weight == self.weight else self.replace(weight=weight)

    def flagged(self, reason: str) -> "Bead":
        return self.replace(gemini_flagged=True, flag_reason=reason)

    def unflagged(self) -> "Bead":
        return self.replace(gemini_flagged=False, flag_reason=None)


class Candidate(Value):
    """Knowledge waiting in staging for review; searchable, ranked below beads."""

    __match_args__ = (
        "id", "content", "category", "project", "content_hash", "source", "created_at", "summary",
        "session_id", "tags", "context", "superseded_by",
    )
    __slots__ = __match_args__
    id: str
    content: str
    category: Category
    project: str | None
    content_hash: str
    source: CandidateSource
    created_at: "datetime"
    summary: str | None
    session_id: str | None
    tags: tuple[str, ...]
    context: str | None
    superseded_by: str | None

    def __init__(  # one parameter per field, as the dataclass had
        self, id: str, content: str, category: Category, project: str | None, content_hash: str,
        source: CandidateSource, created_at: "datetime", summary: str | None = None,
        session_id: str | None = None, tags: tuple[str, ...] = (), context: str | None = None,
        superseded_by: str | None = None,
    ) -> None:
        self._set(
            id=id, content=content, category=category, project=project, content_hash=content_hash,
            source=source, created_at=created_at, summary=summary, session_id=session_id,
            tags=tags, context=context, superseded_by=superseded_by,
        )

    def _set(self, **values: object) -> None:  # every copy (`replace`, unpickling) is checked too
        super()._set(**values)
        if self.category is Category.PREFERENCE:
            raise ValueError("preferences are never staged: they go straight to wisdom")

    if TYPE_CHECKING:  # Value.replace, typed per field (`...`: the field is kept)
        def replace(  # type: ignore[override]  # narrower than Value's `**changes: object`
            self, *, id: str = ..., content: str = ..., category: Category = ...,
            project: str | None = ..., content_hash: str = ..., source: CandidateSource = ...,
            created_at: "datetime" = ..., summary: str | None = ..., session_id: str | None = ...,
            tags: tuple[str, ...] = ..., context: str | None = ..., superseded_by: str | None = ...,
        ) -> "Candidate": ...

    @property
    def is_live(self) -> bool:
        return self.superseded_by is None

    def superseded(self, *, by: str) -> "Candidate":
        return self.replace(superseded_by=by)
