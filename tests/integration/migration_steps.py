"""Moving a test's store to an older schema revision (its upgrade is opening it: open_store)."""

from pathlib import Path

from alembic import command
from alembic.config import Config

from abzu.adapters.sqlite.migrations import runner
from abzu.adapters.sqlite.migrations.engine import migration_engine
from abzu.adapters.sqlite.stores import ready


def downgrade(path: Path, store: str, revision: str) -> None:
    """The store at `path` (created and migrated to head first when missing) down to `revision`."""
    ready(path, store)
    engine = migration_engine(path, store)
    with engine.connect() as conn:
        config = Config()
        config.set_main_option("script_location", str(Path(runner.__file__).parent / store))
        config.attributes["connection"] = conn
        command.downgrade(config, revision)
        conn.commit()
    engine.dispose()
