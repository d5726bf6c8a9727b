"""Fixtures of the team tests (marker `team`): a PostgreSQL cluster per pytest-xdist worker, started
by the tests themselves (tests/pg_cluster.py), and a fresh database per test, copied from a
template migrated once. Without PostgreSQL's server binaries the tests skip, saying so; `.ci/run`
installs them and fails if any team test skipped."""

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.pg_cluster import Cluster, server_binaries, start_cluster

TEMPLATE = "abzu_template"
MISSING = ("team tests need PostgreSQL's server binaries (initdb, pg_ctl), none found: "
           "apt-get install -y postgresql")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    binaries = server_binaries()
    if binaries is None:
        pytest.skip(MISSING)
    pytest.importorskip("psycopg", reason='team tests need psycopg: pip install -e ".[dev]"')
    cluster = start_cluster(binaries)
    try:
        migrate_template(cluster)
        yield cluster
    finally:
        cluster.remove()


def migrate_template(cluster: Cluster) -> None:
    from abzu.adapters.postgres.migrations.runner import upgrade

    _admin_sql(cluster, f"CREATE DATABASE {TEMPLATE}")
    engine = _engine(cluster, TEMPLATE)
    try:
        upgrade(engine)
    finally:
        engine.dispose()


def _engine(cluster: Cluster, database: str):  # type: ignore[no-untyped-def]
    from abzu.adapters.postgres.engine import TeamAddress, open_team_engine

    return open_team_engine(TeamAddress.parse(cluster.admin_url(database), allow_password=True))


def _admin_sql(cluster: Cluster, *statements: str, database: str = "postgres") -> None:
    import psycopg

    dsn = cluster.admin_url(database).replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(dsn, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


@dataclass
class TeamDb:
    """One test's database on the worker's cluster, with its admin engine and login roles."""

    cluster: Cluster
    name: str
    engine: Any = None  # the admin's SQLAlchemy engine on this database
    members: dict[str, str] = field(default_factory=dict)  # login role -> password

    def url(self, user: str) -> str:
        return self.cluster.url(user, self.name)

    def admin_url(self) -> str:
        return self.cluster.admin_url(self.name)

    def member(self, role: str, *projects: str, name: str | None = None) -> str:
        """A login role holding `abzu_<role>` (reader, writer, reviewer), granted `projects`."""
        user = name or f"u_{role}_{secrets.token_hex(4)}"
        password = secrets.token_hex(10)
        _admin_sql(self.cluster, f"CREATE ROLE {user} LOGIN PASSWORD '{password}' IN ROLE abzu_{role}")
        self.grant(user, *projects)
        self.members[user] = password
        return user

    def grant(self, member: str, *projects: str) -> None:
        quoted = [p.replace("'", "''") for p in projects]
        statements = [f"INSERT INTO projects (name) VALUES ('{p}') ON CONFLICT DO NOTHING"
                      for p in quoted if p != "*"]
        statements += [f"INSERT INTO team_grants (member, project) VALUES ('{member}', '{p}')"
                       for p in quoted]
        _admin_sql(self.cluster, *statements, database=self.name)


def new_database(cluster: Cluster) -> TeamDb:
    """A fresh database copied from the migrated template (`migrate_template` ran on `cluster`)."""
    name = f"t_{secrets.token_hex(6)}"
    _admin_sql(cluster, f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
    db = TeamDb(cluster, name)
    db.engine = _engine(cluster, name)
    return db


@pytest.fixture
def team_db(pg_cluster: Cluster) -> Iterator[TeamDb]:
    db = new_database(pg_cluster)
    name = db.name
    try:
        yield db
    finally:
        db.engine.dispose()
        _admin_sql(pg_cluster, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)",
                   *(f"DROP ROLE IF EXISTS {user}" for user in db.members))
