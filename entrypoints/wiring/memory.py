"""The one factory of the four memory operations (remember, recall, star, status).

The container's providers are this factory fed with the container's parts (tests override the
clock there); the CLI builds it directly from the environment (`MemoryUseCases.open`), so `abzu recall`
and friends skip dependency-injector and the modules of review, scrub and transcript mining
(together ~40 % of the container's import), and on the stdlib sqlite3 driver (memory_parts.py):
no SQLAlchemy, dependency-injector or pydantic on the way to the answer (issue 13 item 1).
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from abzu.application.ports import Clock, IdGenerator, StoreLocations, UnitOfWork, Workspace
from abzu.domain.ranking import RankingPolicy

# Each command imports only its own use case (below): recall never loads remember's writer,
# the session lifecycle or the pending-remember file, nor remember the session modules.
if TYPE_CHECKING:
    from returns.result import Result

    from abzu.adapters.sqlite.busy import BusyPolicy
    from abzu.adapters.sqlite.pending_writes import PendingRemembers
    from abzu.adapters.sqlite.retrying import ResilientRemember, Retrying
    from abzu.application.recall import Recall, Recalled, RecallError, RecallRequest
    from abzu.application.semantic.ports import DenseRecall
    from abzu.application.sessions.ports import SessionUnitOfWork, SpoolSource
    from abzu.application.sessions.session_status import SessionStatus
    from abzu.application.star import StarError
    from abzu.application.status import Status
    from abzu.application.team.ports import TeamRecall
    from abzu.domain.bead import Bead

if TYPE_CHECKING:
    RecallResult: TypeAlias = Result[Recalled, RecallError]
else:
    RecallResult = "Result[Recalled, RecallError]"  # the web page's annotations name it


@dataclass(frozen=True, slots=True)
class MemoryUseCases:
    """`writer`: units of work that may write; `recaller`: recall's (cheap stamps); `reader`:
    read-only ones (plain BEGIN, no write lock; status); `sessions`: the session lifecycle's, for
    the session counts; `dense`: hybrid recall's dense side (None: semantic search off; one per
    process, it holds the model). Busy stores: whole units of work retried, a remember kept in
    `pending`. `team`: the team's side of recall (None: no team joined)."""

    writer: Callable[[], UnitOfWork]
    recaller: Callable[[], UnitOfWork]
    reader: Callable[[], UnitOfWork]
    sessions: "Callable[[], SessionUnitOfWork]"
    clock: Clock
    ids: IdGenerator
    workspace: Workspace
    ranking: RankingPolicy
    max_chars: int
    locations: StoreLocations
    spool: "SpoolSource"
    pending: "PendingRemembers"
    dense: "DenseRecall | None" = None
    team: "TeamRecall | None" = None

    @classmethod
    def open(cls, cwd: Path | None = None) -> "MemoryUseCases":
        """Wired from the settings (environment, config file, defaults); the stores opened on
        first use."""
        from abzu.entrypoints.wiring.memory_parts import parts_from_settings

        return cls(**parts_from_settings(cwd or Path.cwd()))

    def remember(self, policy: "BusyPolicy | None" = None) -> "ResilientRemember":
        from abzu.adapters.sqlite.busy import BusyPolicy
        from abzu.adapters.sqlite.retrying import ResilientRemember
        from abzu.application.remember import Remember
        from abzu.entrypoints.wiring.deferred import OnFirstUse, deferred

        # SubprocessGit when first asked: only `--files` anchors run git, and a plain remember
        # need not load the git adapter and the anchor ports (issue 13's import diet).
        git = OnFirstUse(deferred("adapters.git_repo:SubprocessGit"))
        once = Remember(self.writer(), self.clock, self.ids, self.workspace, max_chars=self.max_chars,
                        git=git, reader=self.reader())  # look-ups before the gate
        return ResilientRemember(once, self.pending, policy or BusyPolicy())

    def recall_once(self) -> "Recall":
        """Without retries: the evaluation's sandboxes, where nothing else holds the stores."""
        from abzu.application.recall import Recall

        return Recall(self.recaller(), self.clock, self.workspace, self.ranking, dense=self.dense,
                      team=self.team)

    def recall(self, policy: "BusyPolicy | None" = None) -> "Retrying[RecallRequest, RecallResult]":
        from abzu.adapters.sqlite.busy import BusyPolicy
        from abzu.adapters.sqlite.retrying import Retrying

        return Retrying(self.recall_once(), policy or BusyPolicy())

    def recall_answer(self, request: "RecallRequest", policy: "BusyPolicy | None" = None,
                      ) -> "Recalled | RecallError":
        """`recall()`'s busy retries around `Recall.answer`, its plain value: the CLI's table
        needs no `returns` (~15 ms of import)."""
        from abzu.adapters.sqlite.busy import BusyPolicy

        recall = self.recall_once()
        return (policy or BusyPolicy()).run(lambda: recall.answer(request))

    def star(self, policy: "BusyPolicy | None" = None) -> "Retrying[str, Result[Bead, StarError]]":
        from abzu.adapters.sqlite.busy import BusyPolicy
        from abzu.adapters.sqlite.retrying import Retrying
        from abzu.application.star import Star

        return Retrying(Star(self.writer()), policy or BusyPolicy())

    def status(self) -> "Status":
        from abzu.application.status import Status

        return Status(self.reader(), self.clock, self.locations)

    def session_status(self) -> "SessionStatus":
        from abzu.application.sessions.session_status import SessionStatus

        return SessionStatus(self.sessions(), self.spool)
