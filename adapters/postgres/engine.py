"""Connections to the team server: SQLAlchemy 2 on psycopg 3, UTC, bounded waits.

The address in config never holds a password: libpq finds it in ~/.pgpass (or PGPASSWORD), or the
caller passes the value of the environment variable the settings name. `shown` is the only form
of an address that reaches a log line or a terminal.
"""

from dataclasses import dataclass

from sqlalchemy import URL, Engine, create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

DRIVER = "postgresql+psycopg"
_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")


class TeamAddressError(ValueError):
    """A team address Abzu cannot use: one line saying why."""


@dataclass(frozen=True, slots=True)
class TeamAddress:
    url: URL

    @classmethod
    def parse(cls, text: str, *, allow_password: bool = False) -> "TeamAddress":
        """`postgresql://user@host:port/database`; a password in it is refused (it would be kept
        in config.toml), unless `allow_password` (tests, benchmarks)."""
        try:
            url = make_url(text.strip())
        except ArgumentError as exc:
            raise TeamAddressError(f"not a PostgreSQL address: {shown(text)}") from exc
        if url.drivername not in _SCHEMES:
            raise TeamAddressError(f"a team address starts with postgresql://, not {url.drivername}://")
        if not url.database:
            raise TeamAddressError("the team address names no database: postgresql://user@host/DATABASE")
        if url.password is not None and not allow_password:
            raise TeamAddressError("keep the password out of the address: put it in ~/.pgpass or in the "
                                   "variable named by team_password_env (ABZU_TEAM_PASSWORD)")
        return cls(url.set(drivername=DRIVER))

    @property
    def user(self) -> str | None:
        return self.url.username

    def shown(self) -> str:
        """The address as logs and terminals may show it: never a password."""
        return self.url.set(drivername="postgresql").render_as_string(hide_password=True)

    def __str__(self) -> str:
        return self.shown()


def shown(text: str) -> str:
    """Any text that may be an address, with a password in it masked (for error messages)."""
    import re

    return re.sub(r"(://[^:/@\s]*:)[^@\s]*@", r"\1***@", text)


def open_team_engine(address: TeamAddress, *, password: str | None = None, connect_timeout: float = 3.0,
                     statement_timeout_s: float | None = None, pool_size: int = 2) -> Engine:
    """A pooled engine (pre-ping: a server restarted meanwhile costs a reconnect, not an error)."""
    # Custom plans always: psycopg prepares a statement after its fifth run, and a generic plan
    # cannot see which words a search asks for (a backward scan of every row for a rare word).
    options = "-c timezone=UTC -c plan_cache_mode=force_custom_plan"
    if statement_timeout_s is not None:
        options += f" -c statement_timeout={int(statement_timeout_s * 1000)}"
    url = address.url if password is None else address.url.set(password=password)
    return create_engine(
        url, pool_pre_ping=False, pool_recycle=300, pool_size=pool_size, max_overflow=8, hide_parameters=True,
        connect_args={"connect_timeout": max(1, round(connect_timeout)), "options": options,
                      "application_name": "abzu"},
    )
