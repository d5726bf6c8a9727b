"""The team memory's parts (issue 32), for the container, the CLI's fast front and `abzu team`.

A data home that never joined a team has no `team/cache.db`: then `team_recall` is None after one
stat, and nothing of the team (SQLAlchemy's PostgreSQL dialect, psycopg) is ever imported. The
hooks read only the cache, through adapters/team_cache (standard library).
"""

import os
from typing import TYPE_CHECKING, NamedTuple

from abzu.entrypoints.data_home import DataHome

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from abzu.adapters.postgres.engine import TeamAddress
    from abzu.adapters.postgres.team_server import PgTeamServer
    from abzu.adapters.team_cache.writer import SqliteTeamCache
    from abzu.application.team.ports import TeamRecall
    from abzu.entrypoints.settings import Settings


class TeamConfig(NamedTuple):
    home: DataHome
    url: str | None
    password: str | None
    timeout_s: float
    actor: str

    @classmethod
    def of(cls, settings: "Settings", actor: str) -> "TeamConfig":
        return cls(settings.layout, settings.team_url, settings.team_password, settings.team_timeout_s, actor)

    @classmethod
    def light(cls, home: DataHome, actor: str) -> "TeamConfig | None":
        """As Settings reads them (the same specs), without pydantic-settings; None: a bad value."""
        from abzu.entrypoints import setting_fields as one

        try:
            url, variable, timeout = one.values(one.TEAM_URL, one.TEAM_PASSWORD_ENV, one.TEAM_TIMEOUT_S)
        except (one.ConfigError, one.Refused):
            return None
        return cls(home, url.strip() or None, os.environ.get(variable) or None, timeout, actor)

    @property
    def machine(self) -> str:
        return os.uname().nodename

    def address(self) -> "TeamAddress":
        from abzu.adapters.postgres.engine import TeamAddress, TeamAddressError

        if self.url is None:
            raise TeamAddressError("no team joined: abzu team join postgresql://user@host/database")
        return TeamAddress.parse(self.url)

    def engine(self, *, statement_timeout_s: float | None = None) -> "Engine":
        from abzu.adapters.postgres.engine import open_team_engine

        return open_team_engine(self.address(), password=self.password, connect_timeout=self.timeout_s,
                                statement_timeout_s=statement_timeout_s)


def team_recall(config: TeamConfig) -> "TeamRecall | None":
    """None until a team was joined; the local copy alone when the address is gone from config."""
    if not config.home.team_cache.is_file():
        return None
    from abzu.adapters.team_cache.reader import CachedTeamRecall

    cache = CachedTeamRecall(config.home.team_cache)
    if config.url is None:
        return cache
    from abzu.adapters.postgres.engine import shown
    from abzu.adapters.postgres.team_recall import LiveTeamRecall

    engines: list[Engine] = []

    def engine() -> "Engine":  # one per process, made on the first recall that asks the server
        if not engines:
            engines.append(config.engine(statement_timeout_s=config.timeout_s))
        return engines[0]

    return LiveTeamRecall(engine, cache, shown(config.url))


def team_server(config: TeamConfig, *, timeout_s: float | None = None) -> "PgTeamServer":
    from abzu.adapters.postgres.team_server import PgTeamServer

    engine = config.engine(statement_timeout_s=timeout_s)
    return PgTeamServer(engine, actor=config.actor, machine=config.machine)


def team_cache(config: TeamConfig) -> "SqliteTeamCache":
    from abzu.adapters.team_cache.writer import SqliteTeamCache

    return SqliteTeamCache(config.home.team_cache)
