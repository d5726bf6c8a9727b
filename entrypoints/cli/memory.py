"""`abzu remember | recall | star | status`: the four memory operations (spec §15).

pydantic is imported only where it is used (the pydantic views, --json): `abzu recall` prints
its table from plain dataclasses, and typer 0.28 parses without it (0.29 builds a pydantic
TypeAdapter per parameter, ~0.15 s CPU)."""

import os
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from abzu.application.recall import Recalled, RecallRequest
from abzu.domain.bead import Bead, VouchedBy
from abzu.entrypoints.cli import render
from abzu.entrypoints.cli.context import Sources, fail, one_line_errors
from abzu.entrypoints.recall_views import RecallView

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
V = TypeVar("V")
ProjectOpt = Annotated[
    str | None,
    typer.Option("--project", "-p", help="Project name (default: this repository's project)."),
]


def register(app: typer.Typer, sources: Sources) -> None:
    commands = MemoryCommands(sources)
    # An unknown "-…" word is the note itself (a PEM block, "-x flag notes"): taken as the
    # argument, never echoed back by the parser's "No such option" message.
    app.command(context_settings={"ignore_unknown_options": True})(commands.remember)
    for command in (commands.recall, commands.star, commands.status):
        app.command()(command)


ContentArg = Annotated[str, typer.Argument(help="What to remember; '-' reads stdin.")]
CategoryOpt = Annotated[str, typer.Option(
    "--category", "-c", help="decision, learning, pattern, fix or preference (preferences skip review).",
)]
GlobalFlag = Annotated[bool, typer.Option("--global", help="Store for every project.")]
SummaryOpt = Annotated[str | None, typer.Option(help="One-line summary shown in recall.")]
TagOpt = Annotated[list[str] | None, typer.Option(help="A tag; repeat for more.")]
ContextOpt = Annotated[str | None, typer.Option(
    help="Why this is worth knowing / where it came from; searched, at a lower weight.",
)]
FilesOpt = Annotated[list[str] | None, typer.Option(
    "--files", "--file", help="Anchor: a file this is about; repeat for more. Shown before "
    "the agent edits it (abzu install --point-of-action).",
)]
CommandsOpt = Annotated[list[str] | None, typer.Option(
    "--commands", "--command", help="Anchor: a command prefix this is about, e.g. "
    "'npm run build'; repeat for more. Shown before the agent runs it.",
)]


class MemoryCommands:
    """The four commands, bound to their use cases, built on first use without the container
    (typer reads their signatures)."""

    def __init__(self, sources: Sources) -> None:
        self._sources = sources

    def remember(
        self,
        content: ContentArg,
        category: CategoryOpt,
        project: ProjectOpt = None,
        is_global: GlobalFlag = False,
        summary: SummaryOpt = None,
        tag: TagOpt = None,
        context: ContextOpt = None,
        files: FilesOpt = None,
        commands: CommandsOpt = None,
        json: JsonFlag = False,
    ) -> None:
        """Store a memory: preferences go to permanent memory, the rest to staging for review."""
        from returns.result import Failure, Success

        from abzu.application.remember import Remembered, RememberRequest  # the writer: not recall's

        with one_line_errors():
            text = _read_stdin() if content == "-" else content
            request = RememberRequest(text, category, project, summary, tuple(tag or ()), is_global,
                                      context=context, files=_absolute(files),
                                      commands=tuple(commands or ()), vouched_by=_who_typed())
            match self._sources.memory().remember().execute(request):
                case Success(Remembered() as done):
                    from abzu.entrypoints.views import RememberView

                    _show(RememberView.of(done), json, render.remembered)
                case Failure(err):
                    fail(err.message)


    def recall(
        self,
        query: Annotated[str, typer.Argument(help="Words to search for.")],
        scope: Annotated[str, typer.Option(help="'project' (this project + global) or 'all'.")] = "project",
        project: ProjectOpt = None,
        limit: Annotated[int, typer.Option(help="Most results to show (1-100).")] = 10,
        floor: Annotated[float | None, typer.Option(
            min=0.0, max=1.0, help="Relevance floor 0..1 (default from settings, 0.3)."
        )] = None,
        json: JsonFlag = False,
    ) -> None:
        """Search permanent memory and staged candidates, best first."""
        request = RecallRequest(query, scope, project, limit, floor)
        with one_line_errors():
            match self._sources.memory().recall_answer(request):
                case Recalled() as found:
                    _show(RecallView.of(found), json, render.recalled)
                case err:
                    fail(err.message)


    def star(
        self,
        bead_id: Annotated[str, typer.Argument(help="Id of a reviewed bead (b-…).")],
        json: JsonFlag = False,
    ) -> None:
        """Pin a bead: it keeps full weight and never decays."""
        from returns.result import Failure, Success

        with one_line_errors():
            match self._sources.memory().star().execute(bead_id):
                case Success(Bead() as bead):
                    from abzu.entrypoints.views import BeadView

                    _show(BeadView.of(bead), json, render.starred)
                case Failure(err):
                    fail(err.message)


    def status(self, json: JsonFlag = False) -> None:
        """Counts, decay weights, staging, last review and where the databases live."""
        with one_line_errors():
            from abzu.entrypoints.status_report import full_status  # the whole report needs the container

            _show(full_status(self._sources()), json, render.status)


def _absolute(files: list[str] | None) -> tuple[str, ...]:
    """Paths typed in a terminal are relative to where it stands, not to the project root."""
    return tuple(os.path.abspath(f) for f in files or ())


def _read_stdin() -> str:
    """Undecodable bytes are kept as replacement characters rather than failing the whole note."""
    return sys.stdin.buffer.read().decode("utf-8", errors="replace")


def _show(view: V, as_json: bool, human: Callable[[V], None]) -> None:
    if as_json:
        typer.echo(_json(view))
    else:
        human(view)


def _who_typed() -> VouchedBy:
    from abzu.entrypoints.actor import typed_by_agent

    return VouchedBy.AGENT if typed_by_agent() else VouchedBy.PERSON


def _json(view: Any) -> str:
    """pydantic writes the JSON of a model and of a plain dataclass view alike."""
    from pydantic import TypeAdapter

    return TypeAdapter(type(view)).dump_json(view, indent=2).decode()
