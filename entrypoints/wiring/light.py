"""The one factory of the light use cases (session start, post-compact briefing, hook records).

The hooks build it by hand from the environment (`for_hook`); the container builds the same
object from its own clock, workspace and ranking (session_providers.py), so both doors run the
same wiring. Standard library, adapters and application only: the container's import alone
(dependency-injector, pydantic-settings, SQLAlchemy) costs more than a hook's budget.
"""

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.adapters.project_files import DotEnkiProjectFiles, FilePersona
from abzu.adapters.spool.file_spool import FileSessionJournal
from abzu.adapters.transcript_files import OsTranscriptFiles
from abzu.application.ports import Clock, Workspace
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import DEFAULT_RELEVANCE_FLOOR, RankingPolicy
from abzu.domain.review.spend import ReviewCadence
from abzu.entrypoints.data_home import DataHome

if TYPE_CHECKING:  # each hook imports only the use case it runs
    from abzu.adapters.enki.profile_persona import ProfilePersona
    from abzu.adapters.recall_pack import PackedContext
    from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
    from abzu.application.sessions.inject_post_compact import InjectPostCompact
    from abzu.application.sessions.inject_session_start import InjectSessionStart
    from abzu.application.sessions.record_hook_event import RecordHookEvent

FLOOR_VARIABLE = "ABZU_RELEVANCE_FLOOR"
PACK_SESSION = "recall-pack"  # the session id the pack is taken for: no store row has it


def relevance_floor(environ: Mapping[str, str] = os.environ) -> float:
    """ABZU_RELEVANCE_FLOOR as Settings reads it (0..1), without pydantic-settings' import."""
    raw = (environ.get(FLOOR_VARIABLE) or "").strip()
    try:
        value = float(raw) if raw else DEFAULT_RELEVANCE_FLOOR
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{FLOOR_VARIABLE} must be a number from 0 to 1, got {raw!r}")
    return value


def review_cadence(environ: Mapping[str, str] = os.environ) -> ReviewCadence:
    """ABZU_REVIEW_MINI_DAYS / _FULL_DAYS / _STAGED_LIMIT for the delta header's "review due",
    without pydantic-settings; a value that is not a positive integer keeps the default (the
    hook fails open; `abzu status` reports the bad setting). The config file is not read here."""
    default = ReviewCadence()
    return ReviewCadence(
        mini_days=_positive(environ, "ABZU_REVIEW_MINI_DAYS", default.mini_days),
        full_days=_positive(environ, "ABZU_REVIEW_FULL_DAYS", default.full_days),
        staged_limit=_positive(environ, "ABZU_REVIEW_STAGED_LIMIT", default.staged_limit),
    )


def _positive(environ: Mapping[str, str], name: str, default: int) -> int:
    raw = (environ.get(name) or "").strip()
    return int(raw) if raw.isdigit() and int(raw) > 0 else default


@dataclass(frozen=True, slots=True)
class LightUseCases:
    home: DataHome
    workspace: Workspace
    clock: Clock
    ranking: RankingPolicy
    decay: DecayPolicy = field(default_factory=DecayPolicy)
    cadence: ReviewCadence = field(default_factory=ReviewCadence)

    @classmethod
    def for_hook(cls, home: DataHome, cwd: Path) -> "LightUseCases":
        """`cwd`: where the session works (CLAUDE_PROJECT_DIR, else the payload's cwd)."""
        from abzu.adapters.clock import SystemClock
        from abzu.adapters.workspace import GitWorkspace

        return cls(home, GitWorkspace(cwd), SystemClock(), RankingPolicy(relevance_floor=relevance_floor()),
                   cadence=review_cadence())

    def journal(self) -> FileSessionJournal:
        return FileSessionJournal(self.home.spool)

    def record(self) -> "RecordHookEvent":
        from abzu.application.sessions.record_hook_event import RecordHookEvent

        return RecordHookEvent(self.journal(), self.workspace, OsTranscriptFiles(), self.clock)

    def session_start(self, *, from_pack: bool = False) -> "InjectSessionStart":
        """`from_pack`: a new session (startup) may take the stores' answers from a fresh recall
        pack; a resumed one is excluded from "last session", which a pack cannot know."""
        from abzu.adapters.crashed_transcripts import SiblingTranscripts
        from abzu.application.sessions.inject_session_start import InjectSessionStart

        return InjectSessionStart(
            self._packed() if from_pack else self._context(), self.journal(), self._files(), self._persona(),
            self.workspace, OsTranscriptFiles(), self.clock, self.ranking, self.cadence,
            crashed=SiblingTranscripts(self.home.spool),
        )

    def post_compact(self) -> "InjectPostCompact":
        from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
        from abzu.application.sessions.inject_post_compact import InjectPostCompact

        return InjectPostCompact(
            self._context(), self.journal(), self._files(), self._persona(),
            self.workspace, JsonlTranscriptReader(), OsTranscriptFiles(), self.clock,
        )

    def write_pack(self) -> bool:
        """Runs session start over a recording context, with no journal entry and no
        `.enki/SESSION_ID`, and keeps its answers when no store changed meanwhile."""
        from abzu.adapters.recall_pack import PackedContext, save_pack
        from abzu.application.sessions.inject_session_start import InjectSessionStart, SessionStartRequest
        from abzu.entrypoints.wiring.pack_parts import NoJournal, ReadOnlyFiles

        root, before = self.workspace.root(), self._marks()
        if root is None or before is None:
            return False
        recorder = PackedContext(self._context, recording=True)
        InjectSessionStart(recorder, NoJournal(), ReadOnlyFiles(self._files()), self._persona(),
                           self.workspace, OsTranscriptFiles(), self.clock, self.ranking,
                           self.cadence).execute(SessionStartRequest(PACK_SESSION))
        if self._marks() != before:
            return False  # a write landed while recording: this pack could mix two states
        save_pack(self.home.pack_for(root), (root, before), self.clock.now().date(), recorder.answers)
        return True

    def _packed(self) -> "PackedContext":
        from abzu.adapters.recall_pack import PackedContext, load_pack

        root = self.workspace.root()
        answers = None
        if root is not None:  # the stores' marks are read only when there is a pack to check
            answers = load_pack(self.home.pack_for(root), lambda: (root, self._marks()),
                                self.clock.now().date())
        return PackedContext(self._context, answers)

    def _marks(self) -> tuple[object, ...] | None:
        from abzu.adapters.sqlite.store_marks import store_marks

        return store_marks(self.home.wisdom, self.home.staging)

    def _persona(self) -> "ProfilePersona":
        """persona.md, then the user's explicit profile entries (issue 17)."""
        from abzu.adapters.enki.profile_persona import ProfilePersona

        return ProfilePersona(FilePersona(self.home.persona), self.home.wisdom, self.workspace)

    def _files(self) -> DotEnkiProjectFiles:
        return DotEnkiProjectFiles(self.workspace, self.home.root)

    def _context(self) -> "Sqlite3SessionContext":
        from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext

        return Sqlite3SessionContext(self.home.wisdom, self.home.staging, self.decay)
