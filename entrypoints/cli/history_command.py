"""`abzu history ID` / `abzu history --since 7d`: what changed the memory (issue 15)."""

from typing import Annotated

import typer
from pydantic import BaseModel

from abzu.domain.history import MemoryEvent
from abzu.domain.quoting import one_line, one_line_or_none
from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, fail, one_line_errors
from abzu.entrypoints.cli.memory import JsonFlag

ItemId = Annotated[str | None, typer.Argument(help="A bead (b-…) or candidate (c-…) id.")]
Since = Annotated[str | None, typer.Option("--since", help="Everything in this span: 30m, 24h, 7d, 2w.")]


class EventView(BaseModel):
    at: str
    store: str
    id: str
    event: str
    detail: str | None
    who: str | None

    @classmethod
    def of(cls, e: MemoryEvent) -> "EventView":
        # Events are written by triggers, but an imported archive brings its own: each field is
        # shown as stored text (domain/quoting.py), in text and --json alike.
        return cls(at=e.at.isoformat(timespec="seconds"), store=one_line(e.store), id=one_line(e.item_id),
                   event=one_line(e.event), detail=one_line_or_none(e.detail), who=one_line_or_none(e.who))


class HistoryView(BaseModel):
    events: list[EventView]


def register(app: typer.Typer, container: ContainerSource) -> None:
    app.command()(HistoryCommand(container).history)


class HistoryCommand(ContainerCommands):
    def history(self, item_id: ItemId = None, since: Since = None, json: JsonFlag = False) -> None:
        """Show one memory's life (staged, promoted, starred, decayed, …), or every change
        in a span. Events hold ids and weights, never content."""
        if (item_id is None) == (since is None):
            fail("give an id, or --since SPAN (like 7d), not both")
        with one_line_errors():
            history = self._container().trust.history()
            try:
                events = history.of_item(item_id) if item_id else history.recent(since or "")
            except ValueError as exc:
                fail(str(exc))
        view = HistoryView(events=[EventView.of(e) for e in events])
        if json:
            typer.echo(view.model_dump_json(indent=2))
            return
        for e in view.events:
            detail = f" ({e.detail})" if e.detail else ""
            typer.echo(f"{e.at}  {e.id:<14} {e.event}{detail}  by {e.who or 'unknown'}")
        if not view.events:
            typer.echo(f"no history for {item_id}" if item_id else f"nothing changed in the last {since}")
