"""What the tools share: the container behind a lock, the project directory, error mapping."""

import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from mcp.server.mcpserver.exceptions import ToolError

from abzu.domain.enki.consumers import Action, Consumer, refusal
from abzu.entrypoints.logs import LOGGER_NAME, configure_file_logging

if TYPE_CHECKING:
    from returns.result import Result

    from abzu.entrypoints.wiring.container import Container

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
    """The lifespan state: the one container of this server, built on the first tool call.

    Building it imports the store stack (SQLAlchemy, the container) and opens the stores, which
    takes the write lock (BEGIN IMMEDIATE) and may migrate: done on the first call, a busy or
    broken store becomes a tool error the model reads, never a slow or dead `initialize`, and
    `tools/list` loads only what the tools' schemas need. Sync tools run in worker threads,
    hence the lock; each call then gets its own unit of work.
    """

    def __init__(self, build: "Callable[[], Container]", *, owns_container: bool,
                 consumer: Consumer = Consumer.AGENT) -> None:
        self._build, self._owned = build, owns_container
        self.consumer = consumer  # who called (`abzu mcp --as`): spec §13 rights, see `guard`
        self._lock = threading.Lock()
        self._built: Container | None = None
        self._ready = False

    @property
    def log_hint(self) -> str:
        if self._built is None:
            return "the server's stderr (Abzu's log file is not open yet)"
        return str(self._built.config.log_path())

    def container(self) -> "Container":
        with self._lock:
            if self._built is None:
                self._built = self._build()
                configure_file_logging(Path(self._built.config.log_path()))
            if not self._ready:
                self._built.init_resources()
                self._ready = True
            return self._built

    def close(self) -> None:
        with self._lock:
            if self._built is not None and self._owned:
                self._built.shutdown_resources()
            self._ready = False


def new_app(container: "Container | None", consumer: Consumer) -> App:
    if container is not None:
        return App(lambda: container, owns_container=False, consumer=consumer)
    cwd = server_cwd()
    return App(lambda: _default_container(cwd), owns_container=True, consumer=consumer)


def _default_container(cwd: Path) -> "Container":
    from abzu.entrypoints.wiring.container import build_container  # the store stack: on first use only

    return build_container(cwd=cwd, actor="mcp")


def guard(app: App, tool: str, action: Action, category: str | None = None) -> None:
    """Refuse, as a tool error, what this server's consumer may not do (spec §13); logged."""
    refused = refusal(app.consumer, action, category)
    if refused is not None:
        log.warning("%s refused: %s", tool, refused.message)
        raise ToolError(refused.message)


def unwrap(outcome: "Result[T, E]") -> T:
    """An expected failure becomes a ToolError carrying its one-line message."""
    from returns.pipeline import is_successful  # ~10 ms to import: on the first call, not at start

    if is_successful(outcome):
        return outcome.unwrap()
    raise ToolError(outcome.failure().message)


@contextmanager
def reported(tool: str, app: App) -> Iterator[None]:
    """Anything unexpected is logged with its traceback and becomes a short ToolError."""
    try:
        yield
    except ToolError:
        raise
    except Exception as exc:
        raise ToolError(explain(tool, exc, app)) from exc


def _busy(message: str) -> bool:
    return "locked" in message or "busy" in message


def explain(tool: str, exc: Exception, app: App) -> str:
    """The one-line message of an unexpected failure, logged."""
    from abzu.adapters.sqlite.connect import StorageError

    if isinstance(exc, StorageError):
        log.warning("%s: %s", tool, exc)
        return str(exc)
    log.exception("%s failed", tool)
    if isinstance(exc, sqlite3.OperationalError) and _busy(str(exc)):
        return "the memory store is busy (another Abzu process is writing): try again"
    return f"{tool} failed unexpectedly ({type(exc).__name__}); details are in {app.log_hint}"
