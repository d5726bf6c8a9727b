"""`abzu complete-project NAME`: distill a completed project's em.db into staging (spec §6)."""

import json as jsonlib
from typing import TYPE_CHECKING, Annotated, Any

import typer
from returns.result import Failure, Success

from abzu.entrypoints.cli.context import ContainerSource, fail, log, one_line_errors
from abzu.entrypoints.cli.memory import JsonFlag

if TYPE_CHECKING:  # the use case and its adapters load only when the command runs
    from abzu.application.enki.complete_project import Completed


def register(app: typer.Typer, container: ContainerSource) -> None:
    @app.command("complete-project")
    def complete(
        name: Annotated[str, typer.Argument(help="The project that completed.")],
        em_db: Annotated[str | None, typer.Option(
            "--em-db", help="Its em.db (default: projects/NAME/em.db in the data home).")] = None,
        keep: Annotated[bool, typer.Option("--keep", help="Never delete this em.db.")] = False,
        json: JsonFlag = False,
    ) -> None:
        """Stage what a completed project learnt: decisions and lessons from its mail threads,
        fixes from its fixed bugs, the PM's decisions. Nothing reaches permanent memory until
        `abzu review` promotes it; completing again stages nothing new. The em.db is only read,
        and deleted by maintenance 30 days after the first completion unless --keep.
        """
        from abzu.application.enki.complete_project import Completed, CompleteRequest
        from abzu.entrypoints.wiring.enki import complete_project, default_em_db

        with one_line_errors():
            c = container()
            path = em_db or str(default_em_db(c, name))
            match complete_project(c).execute(CompleteRequest(name, path, keep)):
                case Success(Completed() as done):
                    log.info("complete-project %s: %s", name, _line(done))
                    typer.echo(_json(done) if json else _human(done))
                    _distil(c, name, done, quiet=json)
                case Failure(err):
                    fail(err.message)


def _distil(container: Any, name: str, done: "Completed", *, quiet: bool) -> None:
    """The configured distiller (spec §6 step 2) on the drafts, capped like a session's; only
    when completing found something new (completing again costs no call)."""
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.distill import distill_completion

    if not done.staged:
        return
    outcome = distill_completion(container.lifecycle(), Settings(), name, done.contents)
    if outcome is not None:
        log.info("complete-project %s: distillation %s, %d staged (%s)", name, outcome.status,
                 outcome.created, outcome.detail)
        if not quiet:
            typer.echo(f"distillation: {outcome.status}, {outcome.created} candidate(s) staged"
                       + (f" ({outcome.detail})" if outcome.detail else ""))


def _line(done: "Completed") -> str:
    return (f"{done.drafts} found, {done.staged} staged, {done.already_there} already there, "
            f"{done.invalid} invalid")


def _human(done: "Completed") -> str:
    c = done.completion
    fate = ("kept (--keep)" if c.delete_after is None
            else f"deleted by maintenance after {c.delete_after:%Y-%m-%d}")
    return (f"Project {c.project} completed {c.completed_at:%Y-%m-%d}: {_line(done)}.\n"
            f"{c.em_db} will be {fate}. Run `abzu review` to decide what reaches permanent memory.")


def _json(done: "Completed") -> str:
    c = done.completion
    return jsonlib.dumps({
        "project": c.project, "em_db": c.em_db, "completed_at": c.completed_at.isoformat(),
        "delete_after": c.delete_after.isoformat() if c.delete_after else None,
        "found": done.drafts, "staged": done.staged, "already_there": done.already_there,
        "invalid": done.invalid,
    }, indent=2)
