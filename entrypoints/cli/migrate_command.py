"""`abzu migrate-enki OLD_WISDOM_DB`: old Enki beads staged for review (spec Appendix A)."""

from typing import TYPE_CHECKING, Annotated

import typer
from returns.result import Failure, Success

from abzu.entrypoints.cli.context import ContainerSource, fail, log, one_line_errors
from abzu.entrypoints.cli.memory import JsonFlag

if TYPE_CHECKING:  # the use case and its adapters load only when the command runs
    from abzu.application.enki.migrate_enki import Migrated

OldStore = Annotated[str, typer.Argument(help="The old Enki wisdom.db (opened read-only).")]


def register(app: typer.Typer, container: ContainerSource) -> None:
    @app.command("migrate-enki")
    def migrate(old_wisdom_db: OldStore, json: JsonFlag = False) -> None:
        """Stage every bead of an old Enki store as a candidate for review.

        Types map to categories: decision→decision, learning→learning, solution→fix,
        violation→learning. Empty beads and beads holding only redaction placeholders are
        skipped; secrets are redacted. Nothing reaches permanent memory until `abzu review`
        promotes it. Running it again stages nothing new. The old file is never written.
        """
        from abzu.application.enki.migrate_enki import Migrated
        from abzu.entrypoints.wiring.enki import migrate_enki

        with one_line_errors():
            match migrate_enki(container()).execute(old_wisdom_db):
                case Success(Migrated() as done):
                    log.info("migrate-enki: %s", _line(done))
                    typer.echo(_json(done) if json else _human(done))
                case Failure(err):
                    fail(err.message)


def _line(done: "Migrated") -> str:
    return (f"read {done.read}, staged {done.staged}, already there {done.already_there}, "
            f"skipped {sum(done.skipped.values())}, invalid {done.invalid}, "
            f"projects added {done.projects}, secrets redacted {done.redactions}")


def _human(done: "Migrated") -> str:
    why = ", ".join(f"{n} {reason}" for reason, n in sorted(done.skipped.items()))
    lines = [f"Old Enki beads: {_line(done)}."]
    if why:
        lines.append(f"Skipped: {why}.")
    if done.staged:
        lines.append("Run `abzu review` to decide which of them reach permanent memory.")
    return "\n".join(lines)


def _json(done: "Migrated") -> str:
    import json

    fields = ("read", "staged", "already_there", "skipped", "invalid", "projects", "redactions")
    return json.dumps({f: getattr(done, f) for f in fields}, indent=2)
