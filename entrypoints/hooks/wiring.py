"""Composition for the latency-bound hooks (session start, stop, session end).

The container (entrypoints/container.py) stays the composition root for everything else; its
import alone costs ~0.4 s (dependency-injector pulls in pydantic-settings and asyncio,
SQLAlchemy ~0.25 s), more than a hook may spend. These hooks need only the standard library's
sqlite3 for reading, the journal for writing and plain files, wired here by hand.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.adapters.clock import SystemClock
from abzu.adapters.enki.profile_persona import ProfilePersona
from abzu.adapters.project_files import DotEnkiProjectFiles, FilePersona
from abzu.adapters.spool.file_spool import FileSessionJournal
from abzu.adapters.transcript_files import OsTranscriptFiles
from abzu.adapters.workspace import GitWorkspace

if TYPE_CHECKING:  # each hook imports only the use case it runs
    from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
    from abzu.application.sessions.inject_post_compact import InjectPostCompact
    from abzu.application.sessions.inject_session_start import InjectSessionStart
    from abzu.application.sessions.record_hook_event import RecordHookEvent

def spool_folder(home: Path) -> Path:
    return home / "spool"


@dataclass(frozen=True, slots=True)
class HookParts:
    """`cwd`: where the session works (CLAUDE_PROJECT_DIR, else the payload's cwd)."""

    home: Path
    cwd: Path

    @property
    def workspace(self) -> GitWorkspace:
        return GitWorkspace(self.cwd)

    def _files(self) -> DotEnkiProjectFiles:
        return DotEnkiProjectFiles(self.workspace, self.home)

    def _persona(self) -> ProfilePersona:
        """persona.md, then the user's explicit profile entries (issue 17)."""
        persona = FilePersona(self.home / "persona.md")
        return ProfilePersona(persona, self.home / "wisdom.db", self.workspace)

    def _context(self) -> "Sqlite3SessionContext":
        from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
        from abzu.domain.decay import DecayPolicy

        return Sqlite3SessionContext(self.home / "wisdom.db", self.home / "abzu.db", DecayPolicy())

    def journal(self) -> FileSessionJournal:
        return FileSessionJournal(spool_folder(self.home))

    def record(self) -> "RecordHookEvent":
        from abzu.application.sessions.record_hook_event import RecordHookEvent

        return RecordHookEvent(self.journal(), self.workspace, OsTranscriptFiles(), SystemClock())

    def session_start(self) -> "InjectSessionStart":
        from abzu.application.sessions.inject_session_start import InjectSessionStart

        return InjectSessionStart(
            self._context(), self.journal(), self._files(), self._persona(),
            self.workspace, OsTranscriptFiles(), SystemClock(),
        )

    def post_compact(self) -> "InjectPostCompact":
        from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
        from abzu.application.sessions.inject_post_compact import InjectPostCompact

        return InjectPostCompact(
            self._context(), self.journal(), self._files(), self._persona(),
            self.workspace, JsonlTranscriptReader(), OsTranscriptFiles(), SystemClock(),
        )

