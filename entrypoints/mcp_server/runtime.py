"""What the tools share: the container behind a lock, the project directory, error mapping."""

import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol, TypeVar

from mcp.server.mcpserver.exceptions import ToolError
from returns.pipeline import is_successful
from returns.result import Result
from sqlalchemy.exc import OperationalError

from abzu.adapters.sqlite.engine import StorageError
from abzu.entrypoints.container import Container
from abzu.entrypoints.logs import LOGGER_NAME

log = logging.getLogger(LOGGER_NAME)
T = TypeVar("T")


class Explained(Protocol):
    @property
    def message(self) -> str: ...


E = TypeVar("E", bound=Explained)


def server_cwd() -> Path:
    """Claude Code sets CLAUDE_PROJECT_DIR for its MCP servers; elsewhere the working directory
    counts. The project is then resolved from there exactly as the CLI does (git root)."""
    given = os.environ.get("CLAUDE_PROJECT_DIR", "").strip()
    return Path(given) if given else Path.cwd()


class App:
    """The lifespan state: one container for the server's life.

    The engines are opened on the first tool call, not at start-up: opening a store takes the
    write lock (BEGIN IMMEDIATE) and may migrate, so a busy or broken store would otherwise
    delay `initialize` or kill the server; on a tool call it becomes an error the model reads.
    Sync tools run in worker threads, hence the lock; each call then gets its own unit of work.
    """

    def __init__(self, container: Container, *, owns_container: bool) -> None:
        self._container, self._owned = container, owns_container
        self._lock, self._ready = threading.Lock(), False

    @property
    def log_path(self) -> Path:
        return Path(self._container.config.log_path())

    def container(self) -> Container:
        if not self._ready:
            with self._lock:
                if not self._ready:
                    self._container.init_resources()
                    self._ready = True
        return self._container

    def close(self) -> None:
        with self._lock:
            if self._owned:
                self._container.shutdown_resources()
            self._ready = False


def unwrap(outcome: Result[T, E]) -> T:
    """An expected failure becomes a ToolError carrying its one-line message."""
    if is_successful(outcome):
        return outcome.unwrap()
    raise ToolError(outcome.failure().message)


@contextmanager
def reported(tool: str, log_path: Path) -> Iterator[None]:
    """Anything unexpected is logged with its traceback and becomes a short ToolError."""
    try:
        yield
    except ToolError:
        raise
    except StorageError as exc:
        log.warning("%s: %s", tool, exc)
        raise ToolError(str(exc)) from exc
    except OperationalError as exc:
        log.exception("%s: store unavailable", tool)
        if "locked" in str(exc) or "busy" in str(exc):
            raise ToolError("the memory store is busy (another Abzu process is writing): try again") from exc
        raise ToolError(_unexpected(tool, exc, log_path)) from exc
    except Exception as exc:
        log.exception("%s failed", tool)
        raise ToolError(_unexpected(tool, exc, log_path)) from exc


def _unexpected(tool: str, exc: Exception, log_path: Path) -> str:
    return f"{tool} failed unexpectedly ({type(exc).__name__}); details are in Abzu's log {log_path}"
