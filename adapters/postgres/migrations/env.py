"""Alembic env of the team store: migrations run on the connection the runner passes in."""

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("team migrations run through abzu.adapters.postgres.migrations.runner")
context.configure(connection=connection, version_table="abzu_alembic_version")
with context.begin_transaction():
    context.run_migrations()
