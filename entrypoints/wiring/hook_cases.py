"""The one factory of the hooks' use cases (session start, post-compact briefing, hook records).

The hooks build it by hand from the environment (`for_hook`); the container builds the same
object from its own clock, workspace and ranking (wiring/sessions.py), so both doors run the
same wiring. Standard library, adapters and application only: the container's import alone
(dependency-injector, pydantic-settings, SQLAlchemy) costs more than a hook's budget.
"""

import os
from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from abzu.adapters.project_files import DotEnkiProjectFiles, FilePersona
from abzu.adapters.spool.file_spool import FileSessionJournal
from abzu.adapters.transcript_files import OsTranscriptFiles
from abzu.application.basic_ports import Clock, Workspace
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.domain.review.cadence import ReviewCadence
from abzu.entrypoints.home_root import PERSONA, STAGING, TEAM, TEAM_CACHE, WISDOM, in_home, spool_folder

if TYPE_CHECKING:  # each hook imports only the use case it runs
    from abzu.adapters.enki.profile_persona import ProfilePersona
    from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
    from abzu.application.sessions.inject_post_compact import InjectPostCompact
    from abzu.application.sessions.inject_session_start import InjectSessionStart
    from abzu.application.sessions.record_hook_event import RecordHookEvent


def hook_settings(environ: Mapping[str, str] = os.environ) -> tuple[RankingPolicy, ReviewCadence]:
    """The relevance floor and review cadence, read by setting_fields.py as Settings reads them.
    A broken config file or a value Settings would refuse leaves the hook on the defaults, with
    one line in the log: a session still gets its briefing (`abzu config list` names the problem)."""
    from abzu.entrypoints import setting_fields as one

    try:
        floor, mini, full, staged = one.values(
            one.RELEVANCE_FLOOR, one.REVIEW_MINI_DAYS, one.REVIEW_FULL_DAYS, one.REVIEW_STAGED_LIMIT,
            environ=environ)
    except (one.ConfigError, one.Refused) as exc:
        from abzu.adapters.lazy_log import abzu_log

        abzu_log().warning("settings ignored, defaults used: %s", exc)
        return RankingPolicy(), ReviewCadence()
    return RankingPolicy(relevance_floor=floor), ReviewCadence(mini, full, staged)


class HookUseCases(NamedTuple):
    """A NamedTuple, not a dataclass: nothing compares or copies it, and a frozen dataclass costs
    ~1 ms of the session start to generate (docs/benchmarks.md, hot hooks)."""

    home: str  # the data home's folder (DataHome.root as a string): no pathlib on a hook's path
    workspace: Workspace
    clock: Clock
    ranking: RankingPolicy
    decay: DecayPolicy = DecayPolicy()  # frozen values: one shared default is safe
    cadence: ReviewCadence = ReviewCadence()

    @classmethod
    def for_hook(cls, home: str, cwd: str) -> "HookUseCases":
        """`cwd`: where the session works (CLAUDE_PROJECT_DIR, else the payload's cwd)."""
        from abzu.adapters.clock import SystemClock
        from abzu.adapters.workspace import GitWorkspace

        ranking, cadence = hook_settings()
        return cls(home, GitWorkspace(cwd), SystemClock(), ranking, cadence=cadence)

    def journal(self) -> FileSessionJournal:
        return FileSessionJournal(spool_folder(self.home))

    def record(self) -> "RecordHookEvent":
        from abzu.application.sessions.record_hook_event import RecordHookEvent

        return RecordHookEvent(self.journal(), self.workspace, OsTranscriptFiles(), self.clock)

    def session_start(self) -> "InjectSessionStart":
        from abzu.adapters.crashed_transcripts import SiblingTranscripts
        from abzu.application.sessions.inject_session_start import InjectSessionStart

        context = self._context()
        return InjectSessionStart(
            context, self.journal(), self._files(), self._persona(context),
            self.workspace, OsTranscriptFiles(), self.clock, self.ranking, self.cadence,
            crashed=SiblingTranscripts(spool_folder(self.home)),
        )

    def post_compact(self) -> "InjectPostCompact":
        from abzu.application.sessions.inject_post_compact import InjectPostCompact

        context = self._context()
        return InjectPostCompact(context, self.journal(), self._files(), self._persona(context),
                                 self.workspace, self.clock)

    def _persona(self, context: "Sqlite3SessionContext") -> "ProfilePersona":
        """persona.md, then the user's explicit profile entries (issue 17), read on the
        context's connection to wisdom.db (one connection to the store a start)."""
        from abzu.adapters.enki.profile_persona import ProfilePersona

        return ProfilePersona(FilePersona(in_home(self.home, PERSONA)), partial(context.connection, "wisdom"),
                              self.workspace)

    def _files(self) -> DotEnkiProjectFiles:
        return DotEnkiProjectFiles(self.workspace, self.home)

    def _context(self) -> "Sqlite3SessionContext":
        from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext

        wisdom, staging = in_home(self.home, WISDOM), in_home(self.home, STAGING)
        cache = in_home(self.home, TEAM, TEAM_CACHE)
        if os.path.isfile(cache):  # a team joined (issue 32): its local copy beside ours
            from pathlib import Path  # the copy is opened by its URI (team_cache/reader.py)

            from abzu.adapters.team_cache.context import TeamSessionContext
            from abzu.adapters.team_cache.reader import CachedTeamRecall

            team = CachedTeamRecall(Path(cache), self.decay)
            return TeamSessionContext(wisdom, staging, self.decay, team)
        return Sqlite3SessionContext(wisdom, staging, self.decay)

