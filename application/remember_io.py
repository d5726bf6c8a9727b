"""What `Remember` and `RememberMany` take and give back (`Value`s: see domain/values.py)."""

from collections.abc import Sequence
from enum import StrEnum

from abzu.domain.bead import CandidateSource, VouchedBy
from abzu.domain.dedup import DedupOutcome
from abzu.domain.errors import ContentTooLong, EmptyContent, UnknownCategory
from abzu.domain.values import Value

RememberError = EmptyContent | ContentTooLong | UnknownCategory


class Destination(StrEnum):
    WISDOM = "wisdom"
    STAGING = "staging"


class RememberRequest(Value):
    __match_args__ = (
        "content", "category", "project", "summary", "tags", "is_global", "source", "session_id",
        "context", "files", "commands", "vouched_by",
    )
    __slots__ = __match_args__
    content: str
    category: str
    project: str | None
    summary: str | None
    tags: Sequence[str]
    is_global: bool
    source: CandidateSource
    session_id: str | None
    context: str | None
    files: Sequence[str]  # anchors (issue 16): paths, absolute or relative to the project root
    commands: Sequence[str]  # anchors: command prefixes such as "npm run build"
    # Who answers for the text if it goes straight to wisdom.db (a preference): the agent unless
    # the front door knows a person typed it (`abzu remember`, `abzu edit`, the page).
    vouched_by: VouchedBy

    def __init__(  # one parameter per field, as the dataclass had
        self, content: str, category: str, project: str | None = None, summary: str | None = None,
        tags: Sequence[str] = (), is_global: bool = False,
        source: CandidateSource = CandidateSource.MANUAL, session_id: str | None = None,
        context: str | None = None, files: Sequence[str] = (), commands: Sequence[str] = (),
        vouched_by: VouchedBy = VouchedBy.AGENT,
    ) -> None:
        self._set(
            content=content, category=category, project=project, summary=summary, tags=tags,
            is_global=is_global, source=source, session_id=session_id, context=context,
            files=files, commands=commands, vouched_by=vouched_by,
        )


class Remembered(Value):
    __match_args__ = ("id", "destination", "outcome", "project", "superseded_id", "redactions")
    __slots__ = __match_args__
    id: str
    destination: Destination
    outcome: DedupOutcome
    project: str | None
    superseded_id: str | None
    redactions: int

    def __init__(  # one parameter per field, as the dataclass had
        self, id: str, destination: Destination, outcome: DedupOutcome, project: str | None,
        superseded_id: str | None = None, redactions: int = 0,
    ) -> None:
        self._set(
            id=id, destination=destination, outcome=outcome, project=project,
            superseded_id=superseded_id, redactions=redactions,
        )
