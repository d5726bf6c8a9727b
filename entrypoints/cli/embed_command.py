"""`abzu embed`: compute the semantic extra's vectors for every live memory (issue 12.4).

Needs `pip install "abzu[semantic]"`; without it, one line says so. Never run by a hook.
"""

from typing import Annotated

import typer
from pydantic import BaseModel

from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, fail, one_line_errors
from abzu.entrypoints.cli.memory import JsonFlag


class CoverageView(BaseModel):
    store: str
    embedded: int
    total: int


class EmbedView(BaseModel):
    model: str
    stores: list[CoverageView]


def register(app: typer.Typer, container: ContainerSource) -> None:
    app.command()(EmbedCommand(container).embed)


class EmbedCommand(ContainerCommands):
    def embed(
        self, json: JsonFlag = False,
        check: Annotated[bool, typer.Option("--check", help="Only report coverage; embed nothing.")] = False,
    ) -> None:
        """Embed every memory that has no vector from the current model (new, changed, or
        embedded by another model); batches are committed as they go, so it can be resumed."""
        from abzu.adapters.semantic.errors import SemanticUnavailable
        from abzu.entrypoints.wiring.semantic import embed_memories

        with one_line_errors():
            try:
                use_case = embed_memories(self._container())
            except SemanticUnavailable as missing:
                fail(str(missing))
            coverage = use_case.coverage() if check else use_case.execute()
        view = EmbedView(model=use_case.embedder.model_id,
                         stores=[CoverageView(store=c.store, embedded=c.embedded, total=c.total)
                                 for c in coverage])
        if json:
            typer.echo(view.model_dump_json(indent=2))
            return
        for c in view.stores:
            typer.echo(f"{c.store}: embedded {c.embedded:,} / {c.total:,}")
        typer.echo(f"model {view.model}")
