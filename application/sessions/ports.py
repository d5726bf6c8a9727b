"""Ports of the session lifecycle (spec §7): summaries, sessions, injections, project files.

Two sides: the write side lives in a `SessionUnitOfWork` (abzu.db transactions, used by the
pre-compact hook, finalisation and recovery); the read side (`SessionContext`, hook_ports.py) and the
`SessionJournal` serve the latency-bound hooks and never wait for the write lock.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from abzu.application.ports import UnitOfWork
from abzu.application.sessions.spool_ports import SpoolEntry as SpoolEntry  # re-exported
from abzu.application.sessions.spool_ports import SpoolSource as SpoolSource
from abzu.domain.sessions.open_loop import OpenLoop
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
    from abzu.domain.sessions.loop_tracking import OpenItem


class SummaryRepository(Protocol):
    """`session_summaries` (abzu.db). Snapshots have sequence ≥ 1 and is_final 0; a session has
    at most one final summary. Never commits."""

    def next_sequence(self, session_id: str) -> int: ...
    def add(self, summary: SessionSummary) -> None: ...
    def snapshots(self, session_id: str) -> list[SessionSummary]:
        """Pre-compact snapshots, oldest first."""
        ...
    def final_of(self, session_id: str) -> SessionSummary | None: ...
    def project_finals(self, project: str, *, excluding: str, limit: int) -> list[SessionSummary]:
        """The newest final summaries of `project`, `excluding` one session's."""
        ...
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
    def distiller_children(self) -> frozenset[str]:
        """Session ids Abzu's own `claude -p` distiller ran as (the extraction log): Abzu's work,
        never a user's session to import, count, recover or list."""
        ...


class InjectionLog(Protocol):
    """`injection_log` (abzu.db); recording the same key twice keeps one row. Never commits."""

    def record(self, entry: InjectionRecord) -> None: ...


class OpenLoopRepository(Protocol):
    """`open_loops` (abzu.db): what sessions left open (issue 29). Closed loops stay, with their
    status and when and by what they were closed. Never commits."""

    def listed(self, project: str | None, *, open_only: bool = True) -> list[OpenLoop]:
        """The loops of `project` (None: every project), newest seen first."""
        ...
    def get(self, loop_id: str) -> OpenLoop | None: ...
    def add(self, loop: OpenLoop) -> None: ...
    def seen(self, loop_id: str, item: "OpenItem", *, session_id: str, at: datetime) -> None:
        """A later session left the open loop open again: its words and that session now."""
        ...
    def close(self, loop_id: str, *, status: str, at: datetime, by: str | None) -> bool:
        """Resolved (by a session) or dismissed (by a person); False when it was not open."""
        ...


class SessionUnitOfWork(UnitOfWork, Protocol):
    """The core unit of work plus the session tables of abzu.db."""

    @property
    def summaries(self) -> SummaryRepository: ...
    @property
    def sessions(self) -> SessionRepository: ...
    @property
    def injections(self) -> InjectionLog: ...
    @property
    def loops(self) -> OpenLoopRepository: ...


class RecurringStepStager(Protocol):
    """Stages the patterns of steps a project's sessions repeat (recurring_steps.py)."""

    def execute(
        self, session_id: str, project: str, texts: Sequence[str], commands: Sequence[str]
    ) -> int: ...


class TranscriptExtractor(Protocol):
    """Mines a transcript from its stored cursor: stages candidates, advances the cursor and
    returns the digest of what it read (application.extract_transcript.ExtractTranscript).
    Raises TranscriptUnreadable when the file cannot be opened."""

    def execute(
        self, *, session_id: str, transcript_path: str, project: str | None
    ) -> "ExtractionResult": ...
