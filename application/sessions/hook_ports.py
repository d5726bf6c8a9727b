"""The ports of the hooks' side of the session lifecycle (spec §7): the stores' read-only view,
the journal, the project's files, the persona and the transcripts.

Apart from application/sessions/ports.py (which re-exports them) because that module's write side
needs the unit-of-work ports and, through them, most of the domain: a hook importing those pays
for classes it never uses (issue 13).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from abzu.domain.ranking import SearchHit
from abzu.domain.sessions.delta import MemoryDelta
from abzu.domain.sessions.events import InjectionRecord, SessionEvent
from abzu.domain.sessions.summary import SessionSummary

if TYPE_CHECKING:
    from abzu.domain.sessions.crashed import CrashedTranscript
    from abzu.domain.sessions.open_loop import ShownLoops


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
    def open_loops(self, project: str, *, limit: int) -> "ShownLoops | None":
        """The project's `limit` newest open loops (issue 29) and how many are open in all; None
        when none is open."""
        ...


class SessionJournal(Protocol):
    """Where hooks leave what happened, cheaply: appending never waits for a database lock.
    Entries reach abzu.db when the spool is ingested (at finalisation and recovery). Recording
    never raises: an entry that cannot be written is logged as lost, so the hook's main job
    (injecting context, starting finalisation) still happens."""

    def record_event(self, event: SessionEvent) -> None: ...
    def record_injection(self, record: InjectionRecord) -> None: ...


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

    def latest_other(
        self, transcript_path: str, *, excluding: str, after: datetime | None = None
    ) -> "CrashedTranscript | None":
        """`after`: None as well when that transcript was last written at or before it (a summary
        newer than it covers it), without reading its tail."""
        ...
