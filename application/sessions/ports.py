"""Ports of the session lifecycle (spec §7): summaries, sessions, injections, project files.

Two sides: the write side lives in a `SessionUnitOfWork` (abzu.db transactions, used by the
pre-compact hook, finalisation and recovery); the read side (`SessionContext`) and the
`SessionJournal` serve the latency-bound hooks and never wait for the write lock.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from abzu.application.ports import UnitOfWork
from abzu.domain.ranking import SearchHit
from abzu.domain.sessions.delta import MemoryDelta
from abzu.domain.sessions.record import (
    FinalizedBy,
    InjectionRecord,
    SessionCounts,
    SessionEvent,
    SessionRecord,
)
from abzu.domain.sessions.summary import SessionSummary

if TYPE_CHECKING:  # the extraction use case is heavy to import; hooks that only read skip it
    from abzu.application.extraction.extract_transcript import ExtractionResult
    from abzu.domain.sessions.crashed import CrashedTranscript


class SummaryRepository(Protocol):
    """`session_summaries` (abzu.db). Snapshots have sequence ≥ 1 and is_final 0; a session has
    at most one final summary. Never commits."""

    def next_sequence(self, session_id: str) -> int: ...
    def add(self, summary: SessionSummary) -> None: ...
    def snapshots(self, session_id: str) -> list[SessionSummary]:
        """Pre-compact snapshots, oldest first."""
        ...
    def final_of(self, session_id: str) -> SessionSummary | None: ...
    def attach_conversational(self, summary_id: str, text: str) -> bool:
        """Fills an empty conversational state; False (and no change) when one is there."""
        ...
    def replace_final(self, summary: SessionSummary) -> None:
        """Stores `summary` as its session's only final summary."""
        ...
    def delete_snapshots(self, session_id: str) -> int: ...
    def prune_finals(self, project: str | None, keep: int) -> int:
        """Deletes all but the `keep` newest final summaries of `project`; returns how many."""
        ...


class SessionRepository(Protocol):
    """`sessions` (abzu.db): one row per Claude Code session any hook has seen. Never commits.

    `record` folds an event in: first sighting creates the row; SessionEnd sets `ended_at`;
    any other event after finalisation reopens the session (clears `finalized_at`)."""

    def record(self, event: SessionEvent, project: str | None) -> None: ...
    def get(self, session_id: str) -> SessionRecord | None: ...
    def unfinalized(self, project: str | None) -> list[SessionRecord]:
        """Sessions without a final summary, oldest first; `project` None means every project."""
        ...
    def finalized_since(self, project: str | None, since: datetime) -> list[SessionRecord]:
        """Sessions finalised at or after `since` that have a transcript (tails to check)."""
        ...
    def mark_finalized(self, session_id: str, *, at: datetime, by: FinalizedBy) -> None: ...
    def counts(self) -> SessionCounts: ...


class InjectionLog(Protocol):
    """`injection_log` (abzu.db); recording the same key twice keeps one row. Never commits."""

    def record(self, entry: InjectionRecord) -> None: ...


class SessionUnitOfWork(UnitOfWork, Protocol):
    """The core unit of work plus the session tables of abzu.db."""

    @property
    def summaries(self) -> SummaryRepository: ...
    @property
    def sessions(self) -> SessionRepository: ...
    @property
    def injections(self) -> InjectionLog: ...


class SessionContext(Protocol):
    """Read-only view of both stores for injections. Takes no write lock and never blocks on
    one; a store that is missing or not yet migrated reads as empty."""

    def project_for_root(self, root: str) -> str | None: ...
    def last_session(self, project: str, *, excluding: str) -> SessionSummary | None:
        """The newest final summary of the project, or the newest snapshot of a later session
        that never got one (crashed, not yet recovered)."""
        ...
    def session_summaries(self, session_id: str) -> list[SessionSummary]:
        """This session's summaries, oldest first: its final summary when it was reopened after
        an early finalisation, then its snapshots."""
        ...
    def transcript_offset(self, session_id: str) -> int:
        """How far the session's transcript has been mined (0 when never)."""
        ...
    def session_ended(self, session_id: str) -> bool:
        """A SessionEnd or a finalisation of the session is on record (it did not crash)."""
        ...
    def search(
        self, terms: Sequence[str], project: str | None, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        """Live beads and candidates of the project and global ones matching any term."""
        ...
    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        """The project's beads by priority when there is nothing to search for: starred first,
        then decisions, fixes, newest."""
        ...
    def memory_delta(self, project: str, *, excluding: str) -> MemoryDelta | None:
        """What `memory_events` recorded for the project's (and global) memories since the
        project's previous session started; None when there was none."""
        ...


class SessionJournal(Protocol):
    """Where hooks leave what happened, cheaply: appending never waits for a database lock.
    Entries reach abzu.db when the spool is ingested (at finalisation and recovery). Recording
    never raises: an entry that cannot be written is logged as lost, so the hook's main job
    (injecting context, starting finalisation) still happens."""

    def record_event(self, event: SessionEvent) -> None: ...
    def record_injection(self, record: InjectionRecord) -> None: ...


@dataclass(frozen=True, slots=True)
class SpoolEntry:
    handle: str
    item: SessionEvent | InjectionRecord


class SpoolSource(Protocol):
    """The journal's entries waiting to be ingested. `done` forgets one (idempotent); an entry
    that cannot be parsed is set aside, never returned again, never deleted."""

    def pending(self) -> list[SpoolEntry]: ...
    def done(self, handle: str) -> None: ...


@dataclass(frozen=True, slots=True)
class ProjectState:
    """What the project's `.enki/` folder says (all optional)."""

    goal: str | None = None
    phase: str | None = None
    tier: str | None = None
    gates: str | None = None


class ProjectFiles(Protocol):
    """The `.enki/` folder at the project root. `write_session_id` writes `.enki/SESSION_ID`
    only when the folder already exists (returns False otherwise): Abzu never creates files
    elsewhere in a user's repository."""

    def read(self) -> ProjectState: ...
    def write_session_id(self, session_id: str) -> bool: ...


class PersonaSource(Protocol):
    """The persona file (`persona.md` in the data home); None when absent or empty."""

    def read(self) -> str | None: ...


class TranscriptFiles(Protocol):
    """Cheap facts about a transcript file; None when it does not exist."""

    def size(self, path: str) -> int | None: ...
    def modified_at(self, path: str) -> datetime | None: ...


class CrashedTranscripts(Protocol):
    """Other sessions' transcripts of the same project folder (Claude Code keeps one folder of
    transcripts per working directory): the most recently written one other than `excluding`,
    with its tail (at most ~256 KB, complete lines). None when there is none or it is unreadable."""

    def latest_other(self, transcript_path: str, *, excluding: str) -> "CrashedTranscript | None": ...


class TranscriptExtractor(Protocol):
    """Mines a transcript from its stored cursor: stages candidates, advances the cursor and
    returns the digest of what it read (application.extract_transcript.ExtractTranscript).
    Raises TranscriptUnreadable when the file cannot be opened."""

    def execute(
        self, *, session_id: str, transcript_path: str, project: str | None
    ) -> "ExtractionResult": ...
