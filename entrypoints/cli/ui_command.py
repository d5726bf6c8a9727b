"""`abzu ui`: the local memory page (issue 18)."""

from typing import Annotated

import typer

from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, fail


def register(app: typer.Typer, container: ContainerSource) -> None:
    app.command()(UiCommand(container).ui)


class UiCommand(ContainerCommands):
    def ui(
        self,
        port: Annotated[int | None, typer.Option("--port", min=1, max=65535,
                                                 help="Port to listen on (default: a free one).")] = None,
        host: Annotated[str | None, typer.Option(
            "--host", help="Address to bind (default 127.0.0.1). Anything but loopback is reachable "
                           "from other machines: given explicitly only.")] = None,
        no_open: Annotated[bool, typer.Option("--no-open", help="Print the address only.")] = False,
    ) -> None:
        """Browse, search and review your memory in a local web page (Ctrl+C stops it).

        Prints the address with a fresh access token; every request needs it."""
        from abzu.entrypoints.web.server import LOOPBACK, risk, serve

        chosen = (host or LOOPBACK).strip()
        if not chosen:
            fail("--host needs an address, like 127.0.0.1")
        if (why := risk(chosen)) is not None:
            typer.echo(f"warning: {why}", err=True)
        try:
            serve(self._container(), chosen, port, open_browser=not no_open)
        except OSError as exc:  # the port is taken, or the address is not this machine's
            fail(f"cannot listen on {chosen}:{port or 'a free port'}: {exc.strerror or exc}")
