"""`abzu hook <event>`: Claude Code's hooks (claude-code.md). Fails open, always.

Whatever happens the exit code is 0 and stdout carries nothing but the one JSON object Claude
Code accepts (SessionStart's additional context); a failure is one line in Abzu's log file.
Never exit 2: on PreCompact it would block compaction.
"""

import json
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from abzu.domain.session_record import HookEvent
from abzu.entrypoints.detach import abzu_command, start_detached
from abzu.entrypoints.hook_payload import HookPayload
from abzu.entrypoints.hook_wiring import HookParts, data_home, session_cwd
from abzu.entrypoints.logs import LOGGER_NAME, configure_file_logging

EVENTS = {
    "session-start": HookEvent.SESSION_START, "pre-compact": HookEvent.PRE_COMPACT,
    "post-compact": HookEvent.POST_COMPACT, "stop": HookEvent.STOP, "session-end": HookEvent.SESSION_END,
}
Output = dict[str, Any] | None
log = logging.getLogger(LOGGER_NAME)


def main(argv: Sequence[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    name = argv[0] if argv else "(none)"
    try:
        home = data_home()
        configure_file_logging(home / "abzu.log")
        payload = HookPayload.model_validate_json((stdin or sys.stdin).read())
        output = HANDLERS[_event(name, payload)](payload, HookParts(home, session_cwd(payload.cwd)))
        if output is not None:
            out = stdout or sys.stdout
            out.write(json.dumps(output, ensure_ascii=False))
            out.flush()
    except Exception as exc:  # fail open: Claude Code must never see a broken hook
        first = str(exc).splitlines()[0] if str(exc) else ""
        log.error("hook %s failed: %s: %s", name, type(exc).__name__, first[:300])
    return 0


def _event(name: str, payload: HookPayload) -> HookEvent:
    """The payload's hook_event_name wins (fields follow it); the argument is the fallback."""
    by_payload = {e.value: e for e in HookEvent}.get(payload.hook_event_name or "")
    if by_payload is not None:
        return by_payload
    if name in EVENTS:
        return EVENTS[name]
    raise ValueError(f"unknown hook event {name!r}; expected one of {', '.join(EVENTS)}")


def _session_start(payload: HookPayload, parts: HookParts) -> Output:
    from abzu.application.sessions.inject_post_compact import PostCompactRequest
    from abzu.application.sessions.inject_session_start import SessionStartRequest

    if payload.source == "compact":
        request = PostCompactRequest(payload.session_id, payload.transcript_path)
        text = parts.post_compact().execute(request).text
    else:
        start = SessionStartRequest(payload.session_id, payload.source or "startup", payload.transcript_path)
        text = parts.session_start().execute(start).text
        start_detached(abzu_command("recover", "--exclude", payload.session_id), cwd=str(parts.cwd))
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}


def _pre_compact(payload: HookPayload, parts: HookParts) -> Output:
    from abzu.entrypoints.hook_full import capture_pre_compact

    capture_pre_compact(payload, parts.cwd)
    return None


def _post_compact(payload: HookPayload, parts: HookParts) -> Output:
    _record(payload, parts, HookEvent.POST_COMPACT, payload.trigger)
    if payload.compact_summary:
        from abzu.entrypoints.hook_full import attach_compact_summary

        attach_compact_summary(payload, parts.cwd)
    return None


def _stop(payload: HookPayload, parts: HookParts) -> Output:
    _record(payload, parts, HookEvent.STOP, None)
    return None


def _session_end(payload: HookPayload, parts: HookParts) -> Output:
    """Records, hands finalisation to a detached process and returns: SessionEnd has 1.5 s."""
    _record(payload, parts, HookEvent.SESSION_END, payload.reason)
    start_detached(abzu_command("finalize", payload.session_id), cwd=str(parts.cwd))
    return None


def _record(payload: HookPayload, parts: HookParts, event: HookEvent, source: str | None) -> None:
    from abzu.application.sessions.record_hook_event import HookCall

    parts.record().execute(HookCall(payload.session_id, event, payload.transcript_path, source))


HANDLERS: dict[HookEvent, Callable[[HookPayload, HookParts], Output]] = {
    HookEvent.SESSION_START: _session_start, HookEvent.PRE_COMPACT: _pre_compact,
    HookEvent.POST_COMPACT: _post_compact, HookEvent.STOP: _stop, HookEvent.SESSION_END: _session_end,
}
