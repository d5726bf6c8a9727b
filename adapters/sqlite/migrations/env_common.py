"""Shared Alembic env: migrations run on the connection the runner passes in."""

from alembic import context


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("Abzu migrations run through abzu.adapters.sqlite.migrations.runner")
    context.configure(connection=connection, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
