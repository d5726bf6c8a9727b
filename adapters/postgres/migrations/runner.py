"""Brings the team server's schema to head with Alembic (its own script directory and version
table, `abzu_alembic_version`); a single SELECT when it is current.

Only the schema's owner can migrate (`abzu team init`); a member whose server is behind or ahead
gets one line saying what to do, never a half-migrated schema.
"""

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine, text
from sqlalchemy.exc import ProgrammingError

if TYPE_CHECKING:
    from alembic.config import Config

HEAD = "t0002"
VERSION_TABLE = "abzu_alembic_version"
_HERE = Path(__file__).parent


class TeamSchemaError(Exception):
    """The server's schema is missing, behind or ahead of this Abzu: one line, what to do."""


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        try:
            return conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
        except ProgrammingError as exc:
            if getattr(exc.orig, "sqlstate", None) == "42P01":  # undefined_table: never migrated
                return None
            raise TeamSchemaError(f"cannot read the team schema's revision: {str(exc.orig).strip()}") from exc


def check_schema(engine: Engine) -> None:
    """Raises TeamSchemaError unless the server is at this Abzu's head."""
    found = current_revision(engine)
    if found == HEAD:
        return
    if found is None:
        raise TeamSchemaError("the team server has no Abzu schema yet: its admin runs `abzu team init URL`")
    if found not in known_revisions():
        raise TeamSchemaError(f"the team server was set up by a newer Abzu (schema {found}): upgrade abzu")
    raise TeamSchemaError(f"the team server's schema is at {found}: its admin runs `abzu team init URL`")


def upgrade(engine: Engine) -> str | None:
    """Migrates to head; the revision it started from (None: a new schema)."""
    from alembic import command  # imported only when migrating: it is slow to import

    before = current_revision(engine)
    with engine.connect() as conn:
        command.upgrade(_config(conn), "head")
        conn.commit()
    return before


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {rev.revision for rev in ScriptDirectory.from_config(_config()).walk_revisions()}


def script_head() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config()).get_current_head()


def _config(connection: object | None = None) -> "Config":
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_HERE))
    config.attributes["connection"] = connection
    return config
