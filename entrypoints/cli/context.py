"""Shared plumbing of CLI commands: the lazily built container and one-line failures."""

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

import typer

from abzu.entrypoints.logs import LOGGER_NAME, configure_file_logging

if TYPE_CHECKING:
    from abzu.entrypoints.container import Container

log = logging.getLogger(LOGGER_NAME)
ContainerSource = Callable[[], "Container"]


def lazy_container(given: "Container | None") -> ContainerSource:
    """Build the container on first use, so `--help` and argument errors cost nothing."""
    built: list[Container] = [given] if given is not None else []

    def get() -> "Container":
        if not built:
            from abzu.entrypoints.container import build_container  # SQLAlchemy & co: only when used

            built.append(build_container())
            configure_file_logging(built[0].config.log_path())
        return built[0]

    return get


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=1)


@contextmanager
def one_line_errors() -> Iterator[None]:
    """Anything unexpected becomes one line on stderr and exit 1; the traceback goes to the log."""
    try:
        yield
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:
        log.exception("command failed")
        fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
