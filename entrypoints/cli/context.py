"""Shared plumbing of CLI commands: the lazily built container and one-line failures."""

import logging
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

import typer

from abzu.entrypoints.logs import LOGGER_NAME, configure_file_logging

if TYPE_CHECKING:
    from datetime import timedelta
    from pathlib import Path

    from abzu.entrypoints.wiring.container import Container
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle
    from abzu.entrypoints.wiring.memory import MemoryUseCases

log = logging.getLogger(LOGGER_NAME)
ContainerSource = Callable[[], "Container"]


class ContainerCommands:
    """A module's commands as methods of one class, bound to the container they build on first use."""

    def __init__(self, container: ContainerSource) -> None:
        self._container = container


class Sources:
    """The container, built on first use (so `--help` and argument errors cost nothing), and the
    memory use cases and the session lifecycle's factory, which a command gets without the
    container unless one was handed in."""

    def __init__(self, given: "Container | None") -> None:
        self._built: list[Container] = [given] if given is not None else []
        self._memory: list[MemoryUseCases] = []

    def __call__(self) -> "Container":
        if not self._built:
            from abzu.entrypoints.wiring.container import build_container  # SQLAlchemy & co: only when used

            self._built.append(build_container())
            configure_file_logging(self._built[0].config.log_path())
        return self._built[0]

    def memory(self) -> "MemoryUseCases":
        if self._built:  # handed in (tests) or already built: its wiring, its overrides
            return self._built[0].memory()
        if not self._memory:
            from abzu.entrypoints.wiring.memory import MemoryUseCases

            self._memory.append(MemoryUseCases.open())
        return self._memory[0]

    def lifecycle(self) -> "SessionLifecycle":
        """`finalize`, `recover`, `snapshot`: the factory the background jobs build from the
        settings (wiring/lifecycle.py), or the container's when there is one."""
        if self._built:
            return self._built[0].lifecycle()
        from abzu.entrypoints.wiring.lifecycle import SessionLifecycle

        return SessionLifecycle.open()

    def recovery(self) -> "tuple[Path, timedelta]":
        """Where Claude Code keeps transcripts, and how long a session must be quiet to be recovered."""
        if self._built:
            from datetime import timedelta
            from pathlib import Path

            config = self._built[0].config
            return Path(config.claude_projects()), timedelta(minutes=config.recovery_idle_minutes())
        from abzu.entrypoints.session_jobs import recovery_settings

        return recovery_settings()


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=1)


@contextmanager
def one_line_errors() -> Iterator[None]:
    """Anything unexpected becomes one line on stderr and exit 1; the traceback goes to the log.
    A reader that stops reading (`abzu export | head`) ends the command quietly, as with `cat`."""
    try:
        yield
        sys.stdout.flush()  # here, not at exit: a closed pipe is then this block's to answer
    except (typer.Exit, typer.Abort):
        raise
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's own flush too
        raise typer.Exit(0) from None
    except Exception as exc:
        log.exception("command failed")
        fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
