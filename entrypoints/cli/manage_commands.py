"""`abzu show | edit | forget ID`: a person managing one memory (issue 19). The agent's MCP tools
stay four: only a person deletes or rewrites a memory by hand."""

import logging
from typing import Annotated

import typer
from returns.result import Failure, Success

from abzu.application.manage.edit import Edited, EditMemory, EditRequest
from abzu.application.manage.forget import ForgetMemory, Forgotten
from abzu.application.manage.show import ShowMemory, Shown
from abzu.domain.quoting import short_line
from abzu.entrypoints.actor import typed_by_agent
from abzu.entrypoints.cli import render
from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, fail, one_line_errors
from abzu.entrypoints.cli.manage_views import EditedView, ForgottenView, MemoryView, lifted_line, show
from abzu.entrypoints.logs import LOGGER_NAME

log = logging.getLogger(LOGGER_NAME)
IdArg = Annotated[str, typer.Argument(metavar="ID", help="Id of a bead (b-…) or a staged candidate (c-…).")]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def register(app: typer.Typer, container: ContainerSource) -> None:
    commands = ManageCommands(container)
    for command in (commands.show, commands.edit, commands.forget):
        app.command()(command)


class ManageCommands(ContainerCommands):
    def show(self, memory_id: IdArg, json: JsonFlag = False) -> None:
        """Show one memory whole, with its provenance."""
        with one_line_errors():
            match ShowMemory(self._container().read_uow()).execute(memory_id):
                case Success(Shown() as found):
                    _print(MemoryView.of(found.memory, found.derived_from), json)
                case Failure(err):
                    fail(err.message)

    def edit(
        self,
        memory_id: IdArg,
        content: Annotated[str | None, typer.Option(help="New text; '-' reads stdin.")] = None,
        summary: Annotated[str | None, typer.Option(help="New one-line summary ('' clears it).")] = None,
        category: Annotated[str | None, typer.Option("--category", "-c", help="New category.")] = None,
        tag: Annotated[list[str] | None, typer.Option(help="Replaces all tags; repeat for more.")] = None,
        no_tags: Annotated[bool, typer.Option("--no-tags", help="Remove every tag.")] = False,
        json: JsonFlag = False,
    ) -> None:
        """Correct a memory: the new text is redacted, re-indexed and checked for duplicates."""
        with one_line_errors():
            tags = () if no_tags else (tuple(tag) if tag else None)
            text = _stdin() if content == "-" else content
            container = self._container()
            use_case = EditMemory(container.uow(), max_chars=container.config.max_content_chars(),
                                  workspace=container.workspace(), git=container.git(),
                                  by_person=not typed_by_agent())
            match use_case.execute(EditRequest(memory_id, text, summary, category, tags)):
                case Success(Edited() as done):
                    log.info("edited %s by hand", done.memory.id)
                    _edited(EditedView.of_edit(done), json)
                case Failure(err):
                    fail(err.message)

    def forget(
        self,
        memory_id: IdArg,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask (for scripts).")] = False,
        json: JsonFlag = False,
    ) -> None:
        """Delete one memory for good (row and search entry); asks first unless --yes."""
        with one_line_errors():
            if not yes:
                _confirm(self._container, memory_id)
            match ForgetMemory(self._container().uow()).execute(memory_id):
                case Success(Forgotten() as done):
                    # The history event: what was forgotten and where, never its text.
                    log.info("forgot %s (%s, %s, project %s) by hand, older versions: %s",
                             done.id, done.store, done.category, done.project or "global",
                             ", ".join(done.older) or "none")
                    _forgotten(ForgottenView.of(done), json)
                case Failure(err):
                    fail(err.message)


def _confirm(container: ContainerSource, memory_id: str) -> None:
    match ShowMemory(container().read_uow()).execute(memory_id):
        case Success(Shown(memory=found)):
            shown = short_line(found.summary or found.content, 80)  # stored text: one neutralised line
            typer.confirm(f"Forget {found.id} ({found.category.value}): {shown!r}?", abort=True)
        case Failure(err):
            fail(err.message)


def _print(view: MemoryView, as_json: bool) -> None:
    if as_json:
        typer.echo(view.model_dump_json(indent=2))
    else:
        show(view)


def _edited(view: EditedView, as_json: bool) -> None:
    _print(view, as_json)
    line = None if as_json else lifted_line(view.stale_marks_lifted)
    if line is not None:
        render.console.print()
        render.console.print(line, soft_wrap=True)


def _forgotten(view: ForgottenView, as_json: bool) -> None:
    if as_json:
        typer.echo(view.model_dump_json(indent=2))
    else:
        older = f" and {len(view.older)} older version(s) of it" if view.older else ""
        render.console.print(f"Forgot [bold]{view.id}[/] ({view.category}, {view.store}){older}.")


def _stdin() -> str:
    import sys

    return sys.stdin.buffer.read().decode("utf-8", errors="replace")
