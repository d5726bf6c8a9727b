"""A throw-away database on a team server, for an evaluation's sample (`abzu eval --backend team`):
created, migrated, and dropped afterwards. The address's role must be allowed to create databases."""

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import text

from abzu.adapters.postgres.engine import TeamAddress, open_team_engine
from abzu.adapters.postgres.migrations.runner import upgrade


@contextmanager
def sample_database(address: TeamAddress, password: str | None) -> Iterator[TeamAddress]:
    name = f"abzu_eval_{secrets.token_hex(6)}"
    admin = open_team_engine(address, password=password).execution_options(isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
        sample = TeamAddress(address.url.set(database=name))
        engine = open_team_engine(sample, password=password)
        try:
            upgrade(engine)
        finally:
            engine.dispose()
        yield sample
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.engine.dispose()
