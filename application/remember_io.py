"""What `Remember` and `RememberMany` take and give back."""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from abzu.domain.bead import CandidateSource, VouchedBy
from abzu.domain.dedup import DedupOutcome
from abzu.domain.errors import ContentTooLong, EmptyContent, UnknownCategory

RememberError = EmptyContent | ContentTooLong | UnknownCategory


class Destination(StrEnum):
    WISDOM = "wisdom"
    STAGING = "staging"


@dataclass(frozen=True, slots=True)
class RememberRequest:
    content: str
    category: str
    project: str | None = None
    summary: str | None = None
    tags: Sequence[str] = ()
    is_global: bool = False
    source: CandidateSource = CandidateSource.MANUAL
    session_id: str | None = None
    context: str | None = None
    files: Sequence[str] = ()  # anchors (issue 16): paths, absolute or relative to the project root
    commands: Sequence[str] = ()  # anchors: command prefixes such as "npm run build"
    # Who answers for the text if it goes straight to wisdom.db (a preference): the agent unless
    # the front door knows a person typed it (`abzu remember`, `abzu edit`, the page).
    vouched_by: VouchedBy = VouchedBy.AGENT


@dataclass(frozen=True, slots=True)
class Remembered:
    id: str
    destination: Destination
    outcome: DedupOutcome
    project: str | None
    superseded_id: str | None = None
    redactions: int = 0
