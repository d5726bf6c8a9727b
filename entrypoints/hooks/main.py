"""`abzu hook <event>`: Claude Code's hooks (claude-code.md). Fails open, always.

Whatever happens the exit code is 0 and stdout carries nothing but the one JSON object Claude
Code accepts (SessionStart's additional context); a failure is one line in Abzu's log file.
Never exit 2: on PreCompact it would block compaction.

Standard library only at import time; one module per hook (`run(raw, home)`), imported only
for its event. SessionEnd and Stop journal the payload and return (spooled.py); PreCompact
records the request and snapshots in the background; SessionStart and PostCompact validate the
payload and run their use case.
"""

import contextlib
import importlib
import json
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.logs import LOGGER_NAME, configure_file_logging, excerpt

EVENTS = {
    "session-start": "SessionStart", "pre-compact": "PreCompact", "post-compact": "PostCompact",
    "stop": "Stop", "session-end": "SessionEnd", "pre-tool-use": "PreToolUse",
}
MODULES = {
    "SessionStart": "session_start", "PreCompact": "pre_compact", "PostCompact": "post_compact",
    "Stop": "stop", "SessionEnd": "session_end", "PreToolUse": "pre_tool_use",
}
MAX_PAYLOAD_CHARS = 1_000_000
log = logging.getLogger(LOGGER_NAME)


def main(argv: Sequence[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    name = argv[0] if argv else "(none)"
    try:
        home = DataHome.from_env()
        configure_file_logging(home.log)
        raw = (stdin or sys.stdin).read(MAX_PAYLOAD_CHARS)
        event = _event(name, raw)
        output = _run(event, raw, home)
        if output is not None:
            out = stdout or sys.stdout
            out.write(json.dumps(output, ensure_ascii=False))
            out.flush()
    except Exception as exc:  # fail open: Claude Code must never see a broken hook
        log_failure(name, exc)
    return 0


def log_failure(name: str, exc: Exception) -> None:
    """One line in Abzu's log, no traceback (also for PreToolUse, which skips `main`)."""
    first = str(exc).splitlines()[0] if str(exc) else ""
    log_error(f"hook {name} failed: {type(exc).__name__}: {excerpt(first, 300)}")


def log_warning(message: str) -> None:
    """A warning from a hook that skipped `main` (PreToolUse), in the same log file."""
    _logged().warning("%s", message)


def log_error(message: str) -> None:
    _logged().error("%s", message)


def _logged() -> logging.Logger:
    # No data home to log to: the NullHandler keeps stderr clean. A no-op when `main` already did.
    with contextlib.suppress(Exception):
        configure_file_logging(DataHome.from_env().log)
    return log


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


def _run(event: str, raw: str, home: DataHome) -> dict[str, Any] | None:
    # Abzu uses no pydantic plugins; looking for them scans every installed package (~25 ms CPU)
    # (PostCompact's container still loads pydantic-settings).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    hook = importlib.import_module(f"abzu.entrypoints.hooks.{MODULES[event]}")
    output: dict[str, Any] | None = hook.run(raw, home)
    return output
