"""The core unit of work plus the session tables."""

from abzu.adapters.sqlite.injection_log import SqliteInjectionLog
from abzu.adapters.sqlite.loop_repository import SqliteOpenLoops
from abzu.adapters.sqlite.session_repository import SqliteSessionRepository
from abzu.adapters.sqlite.summary_repository import SqliteSummaryRepository
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.application.sessions.ports import (
    InjectionLog,
    OpenLoopRepository,
    SessionRepository,
    SessionUnitOfWork,
    SummaryRepository,
)


class SqliteSessionUnitOfWork(SqliteUnitOfWork, SessionUnitOfWork):
    """The core unit of work plus the session tables, all in abzu.db's one transaction."""

    @property
    def summaries(self) -> SummaryRepository:
        return SqliteSummaryRepository(self.connection("staging"))

    @property
    def sessions(self) -> SessionRepository:
        return SqliteSessionRepository(self.connection("staging"))

    @property
    def injections(self) -> InjectionLog:
        return SqliteInjectionLog(self.connection("staging"))

    @property
    def loops(self) -> OpenLoopRepository:
        return SqliteOpenLoops(self.connection("staging"))
