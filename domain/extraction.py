"""Heuristic session-end extraction (spec §6 step 1): deterministic, no LLM.

`digest(records)` reads what a session did (files it changed, errors it hit, the fixes that
followed, tasks it completed, decisions it stated, the compact summary Claude Code wrote) and
offers it as operational state for summaries and as candidate drafts for staging.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from abzu.domain.category import Category
from abzu.domain.transcript import TranscriptRecord


@dataclass(frozen=True, slots=True)
class FixPair:
    """An error followed by a later success on the same file or command."""

    target: str  # the file path or the command that failed, then succeeded
    error: str
    change: str  # what was done between the failure and the success
    error_uuid: str
    fix_uuid: str
    files: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    text: str
    message_uuid: str


@dataclass(frozen=True, slots=True)
class CandidateDraft:
    """A candidate before redaction and dedup; `message_uuid` is its idempotency key."""

    content: str
    category: Category
    summary: str
    message_uuid: str
    files: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SessionDigest:
    files_modified: tuple[str, ...]
    errors: tuple[str, ...]
    fixes: tuple[FixPair, ...]
    tasks_completed: tuple[str, ...]
    decisions: tuple[Decision, ...]
    compact_summary: str | None
    last_user_ask: str | None

    def operational_state(self) -> str:
        """Compact markdown: files, tasks, errors, fixes (bounded size)."""
        raise NotImplementedError

    def candidate_drafts(self) -> tuple[CandidateDraft, ...]:
        raise NotImplementedError


def digest(records: Iterable[TranscriptRecord]) -> SessionDigest:
    raise NotImplementedError
