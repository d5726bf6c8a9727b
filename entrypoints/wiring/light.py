"""The one factory of the light use cases (session start, post-compact briefing, hook records).

The hooks build it by hand from the environment (`for_hook`); the container builds the same
object from its own clock, workspace and ranking (session_providers.py), so both doors run the
same wiring. Standard library, adapters and application only: the container's import alone
(dependency-injector, pydantic-settings, SQLAlchemy) costs more than a hook's budget.
"""

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.adapters.project_files import DotEnkiProjectFiles, FilePersona
from abzu.adapters.spool.file_spool import FileSessionJournal
from abzu.adapters.transcript_files import OsTranscriptFiles
from abzu.application.basic_ports import Clock, Workspace
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import DEFAULT_RELEVANCE_FLOOR, RankingPolicy
from abzu.domain.review.spend import ReviewCadence
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.wiring.environ import from_environ  # the rule light_settings.py reads by too

if TYPE_CHECKING:  # each hook imports only the use case it runs
    from abzu.adapters.enki.profile_persona import ProfilePersona
    from abzu.adapters.recall_pack import PackedContext
    from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
    from abzu.application.sessions.inject_post_compact import InjectPostCompact
    from abzu.application.sessions.inject_session_start import InjectSessionStart
    from abzu.application.sessions.injected import Injected
    from abzu.application.sessions.record_hook_event import RecordHookEvent

FLOOR_VARIABLE = "ABZU_RELEVANCE_FLOOR"
PACK_SESSION = "recall-pack"  # the session id the pack is taken for: no store row has it
TIMED = frozenset(("search", "notable"))  # answers that depend on the moment (decay)


def file_settings(home: DataHome, environ: Mapping[str, str] = os.environ) -> Mapping[str, object]:
    """config.toml's values, as Settings reads them under the environment (issue 15: the hooks
    used to ignore the file). tomllib is imported only when the file exists; a broken file counts
    as empty here (the hook fails open; `abzu config list` names the problem)."""
    path = home.config_file(environ)
    if not path.is_file():
        return {}
    from abzu.entrypoints.config_file import ConfigError, read_config

    try:
        return read_config(path)
    except ConfigError:
        return {}


def relevance_floor(
    environ: Mapping[str, str] = os.environ, file: Mapping[str, object] | None = None
) -> float:
    """ABZU_RELEVANCE_FLOOR (else the file's relevance_floor) as Settings reads it (0..1), without
    pydantic-settings' import."""
    raw = (from_environ(environ, "relevance_floor") or str((file or {}).get("relevance_floor", ""))).strip()
    try:
        value = float(raw) if raw else DEFAULT_RELEVANCE_FLOOR
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{FLOOR_VARIABLE} must be a number from 0 to 1, got {raw!r}")
    return value


def review_cadence(
    environ: Mapping[str, str] = os.environ, file: Mapping[str, object] | None = None
) -> ReviewCadence:
    """review_mini_days / _full_days / _staged_limit for the delta header's "review due", from
    the environment (ABZU_REVIEW_…) over config.toml (`file`) over the defaults, like Settings,
    without pydantic-settings; a value that is not a positive integer falls through to the next
    source (the hook fails open; `abzu status` reports the bad setting)."""
    default = ReviewCadence()
    return ReviewCadence(
        mini_days=_positive(environ, file or {}, "review_mini_days", default.mini_days),
        full_days=_positive(environ, file or {}, "review_full_days", default.full_days),
        staged_limit=_positive(environ, file or {}, "review_staged_limit", default.staged_limit),
    )


def _positive(environ: Mapping[str, str], file: Mapping[str, object], key: str, default: int) -> int:
    for raw in (from_environ(environ, key), file.get(key)):
        text = str(raw if raw is not None else "").strip()
        if text.isdigit() and int(text) > 0:
            return int(text)
    return default


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

        file = file_settings(home)
        floor = relevance_floor(file=file)
        return cls(home, GitWorkspace(cwd), SystemClock(), RankingPolicy(relevance_floor=floor),
                   cadence=review_cadence(file=file))

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
        `.enki/SESSION_ID`, and keeps its answers and its rendered block (the hook's fast path,
        adapters/rendered_pack.py) when nothing they depend on changed meanwhile."""
        from abzu.adapters import rendered_pack
        from abzu.adapters.recall_pack import PackedContext, save_pack
        from abzu.entrypoints.hooks.fast_start import block_path
        from abzu.entrypoints.wiring.block_pack import take_block

        root, before = self.workspace.root(), self._marks()
        if root is None or before is None:
            return False
        inputs = self._pack_inputs(root)
        recorder, at = PackedContext(self._context, recording=True), self.clock.now()
        block = take_block(self._renderer(recorder, at), at, recorder.answers)
        if self._marks() != before or self._pack_inputs(root) != inputs:
            return False  # a write landed while recording: this pack could mix two states
        save_pack(self.home.pack_for(root), (root, before), at.date(), recorder.answers)
        if block is not None and inputs is not None:
            rendered_pack.save(block_path(self.home, root), {**block, "inputs": inputs})
        return True

    def _pack_inputs(self, root: str) -> dict[str, object] | None:
        from abzu.adapters import rendered_pack

        return rendered_pack.inputs(self.home.root, root, os.environ, self.home.config_file(os.environ))

    def _renderer(self, recorder: "PackedContext", at: datetime) -> "Callable[[datetime, str], Injected]":
        """Session start for the pack: at a given moment, with a given fence, recording nothing.
        At `at` it records the answers pack; at any other moment the searches are asked again
        (decay steps at any time of day), the rest replayed."""
        from abzu.adapters.preview import DiscardingJournal, ReadOnlyProjectFiles
        from abzu.adapters.recall_pack import PackedContext
        from abzu.application.sessions.inject_session_start import InjectSessionStart, SessionStartRequest

        files, persona = ReadOnlyProjectFiles(self._files()), self._persona()

        def render(moment: datetime, fence: str) -> "Injected":
            timeless = {k: v for k, v in recorder.answers.items() if k[0] not in TIMED}
            context = recorder if moment == at else PackedContext(self._context, timeless)
            return InjectSessionStart(
                context, DiscardingJournal(), files, persona, self.workspace, OsTranscriptFiles(),
                _At(moment), self.ranking, self.cadence, fences=lambda: fence,
            ).execute(SessionStartRequest(PACK_SESSION))

        return render

    def _packed(self) -> "PackedContext":
        """The stores' marks are read only when there is a pack of today to check, and on the
        live reader's own connections: the pack is usually stale because the stores changed,
        and the live queries then reuse them."""
        from abzu.adapters.recall_pack import PackedContext, load_pack

        root, live = self.workspace.root(), self._context()
        answers = None
        if root is not None:
            answers = load_pack(self.home.pack_for(root), lambda: (root, live.marks()),
                                self.clock.now().date())
        return PackedContext(lambda: live, answers)

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


@dataclass(frozen=True, slots=True)
class _At:
    """A clock stopped at `moment`: the pack renders the block as it would read then."""

    moment: datetime

    def now(self) -> datetime:
        return self.moment
