"""`abzu hook <event>`: Claude Code's hooks (claude-code.md). Fails open, always.

Whatever happens the exit code is 0 and stdout carries nothing but the one JSON object Claude
Code accepts (SessionStart's additional context); a failure is one line in Abzu's log file.
Never exit 2: on PreCompact it would block compaction.

Under Abzu's own distiller (`claude -p` started with distiller_child.CHILD_VARIABLE set), every
hook returns 0 before reading anything: the child is never captured (issue 29.1).

Standard library only at import time; one module per hook, imported only for its event
(PostCompact and PreToolUse: `run(raw, home)`). SessionEnd and Stop journal the payload and
return (spooled.py); PreCompact records the request and snapshots in the background; these three
are given the data home as a string (`run_at(raw, root)`: no pathlib, DataHome or logging on
their path). SessionStart and PostCompact validate the payload and run their use case;
SessionStart is given the data home as a string as well (its files are named by home_root.py:
no pathlib), with logging set up by the first line written.
"""

import json
import os
import sys

from abzu.domain.extraction.distiller_child import CHILD_VARIABLE, is_child
from abzu.entrypoints.home_root import home_root

TYPE_CHECKING = False  # typing itself is ~2 ms of Stop's budget; mypy reads the block below
if TYPE_CHECKING:
    import logging
    from collections.abc import Sequence
    from typing import Any, TextIO


EVENTS = {
    "session-start": "SessionStart", "pre-compact": "PreCompact", "post-compact": "PostCompact",
    "stop": "Stop", "session-end": "SessionEnd", "pre-tool-use": "PreToolUse",
}
MODULES = {event: name.replace("-", "_") for name, event in EVENTS.items()}  # one module per hook
# These only write a file and start a process, and log nothing but their own failure: `logging`
# (~5-15 ms with traceback, threading, weakref) is imported for them only when they fail, and
# they take the home as a string (`run_at`): no pathlib or DataHome (~6 ms).
QUIET = frozenset(("Stop", "SessionEnd", "PreCompact"))
# SessionStart names its files as strings too (home_root.py): `run_at(raw, root)`, no pathlib.
BY_ROOT = QUIET | {"SessionStart"}
MAX_PAYLOAD_CHARS = 1_000_000


def main(argv: "Sequence[str]", stdin: "TextIO | None" = None, stdout: "TextIO | None" = None) -> int:
    name = argv[0] if argv else "(none)"
    if is_child(os.environ.get(CHILD_VARIABLE)):
        return 0  # a hook of Abzu's own distiller (`claude -p`): it reads, writes and starts nothing
    try:
        root = home_root()
        raw = (stdin or sys.stdin).read(MAX_PAYLOAD_CHARS)
        event = _event(name, raw)
        if event in QUIET:
            _hook(event).run_at(raw, root)
            return 0
        _log_to(root)
        output = _run(event, raw, root)
        if output is not None:
            out = stdout or sys.stdout
            out.write(json.dumps(output, ensure_ascii=False))
            out.flush()
    except Exception as exc:  # fail open: Claude Code must never see a broken hook
        log_failure(name, exc)
    return 0


def log_failure(name: str, exc: Exception, *, door: str = "hook") -> None:
    """One line in Abzu's log, no traceback (also for PreToolUse, which skips `main`, and for the
    background jobs the hooks start: `door`)."""
    from abzu.entrypoints.logs import excerpt

    first = str(exc).splitlines()[0] if str(exc) else ""
    log_error(f"{door} {name} failed: {type(exc).__name__}: {excerpt(first, 300)}")


def log_warning(message: str) -> None:
    """A warning from a hook that skipped `main` (PreToolUse), in the same log file."""
    _logged().warning("%s", message)


def log_error(message: str) -> None:
    _logged().error("%s", message)


def _logged() -> "logging.Logger":
    import contextlib
    import logging

    from abzu.entrypoints.data_home import DataHome
    from abzu.entrypoints.logs import LOGGER_NAME, configure_file_logging

    # No data home to log to: the NullHandler keeps stderr clean. A no-op when `main` already did.
    with contextlib.suppress(Exception):
        configure_file_logging(DataHome.from_env().log)
    return logging.getLogger(LOGGER_NAME)


def _log_to(root: str) -> None:
    """The data home's log file, for what the use case's adapters log on the way: set up by the
    first line written (adapters/lazy_log.py), so that a run that logs nothing never imports
    `logging` (~25 M instructions, a fifth of the floor)."""
    from abzu.adapters.lazy_log import log_file_on_first_line

    def configure() -> None:
        from abzu.entrypoints.data_home import DataHome
        from abzu.entrypoints.logs import configure_file_logging

        configure_file_logging(DataHome.at(root).log)

    log_file_on_first_line(configure)


def _event(name: str, raw: str) -> str:
    """The payload's hook_event_name wins (its fields follow it); the argument is the fallback."""
    try:
        declared = json.loads(raw).get("hook_event_name")
    except (ValueError, AttributeError):
        declared = None  # the validating path reports the broken payload
    if declared in EVENTS.values():
        return str(declared)
    if name in EVENTS:
        return EVENTS[name]
    raise ValueError(f"unknown hook event {name!r}; expected one of {', '.join(EVENTS)}")


def _run(event: str, raw: str, root: str) -> "dict[str, Any] | None":
    # Abzu uses no pydantic plugins; looking for them scans every installed package (~25 ms CPU)
    # (PostCompact's container still loads pydantic-settings).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if event in BY_ROOT:
        output: dict[str, Any] | None = _hook(event).run_at(raw, root)
        return output
    from abzu.entrypoints.data_home import DataHome

    output = _hook(event).run(raw, DataHome.at(root))
    return output


def _hook(event: str) -> "Any":
    """The event's module; `__import__` rather than importlib (~0.6 ms of Stop's run)."""
    name = f"abzu.entrypoints.hooks.{MODULES[event]}"
    __import__(name)
    return sys.modules[name]
