"""SessionStart, PreCompact and PostCompact: the payload validated, then one use case each."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.entrypoints.detach import abzu_command, start_detached
from abzu.entrypoints.hooks.env import session_cwd
from abzu.entrypoints.hooks.wiring import HookParts

Output = dict[str, Any] | None


def run_validated(event: str, raw: str, home: Path) -> Output:
    payload = HookPayload.model_validate_json(raw)
    return HANDLERS[event](payload, HookParts(home, session_cwd(payload.cwd)))


def _session_start(payload: HookPayload, parts: HookParts) -> Output:
    if payload.source == "compact":
        from abzu.application.sessions.inject_post_compact import PostCompactRequest

        request = PostCompactRequest(payload.session_id, payload.transcript_path)
        text = parts.post_compact().execute(request).text
    else:
        from abzu.application.sessions.inject_session_start import SessionStartRequest

        start = SessionStartRequest(payload.session_id, payload.source or "startup", payload.transcript_path)
        text = parts.session_start().execute(start).text
        start_detached(abzu_command("recover", "--exclude", payload.session_id), cwd=str(parts.cwd))
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}


def _pre_compact(payload: HookPayload, parts: HookParts) -> Output:
    from abzu.entrypoints.hooks.full import capture_pre_compact

    capture_pre_compact(payload, parts.cwd)
    return None


def _post_compact(payload: HookPayload, parts: HookParts) -> Output:
    from abzu.application.sessions.record_hook_event import HookCall
    from abzu.domain.sessions.record import HookEvent

    call = HookCall(payload.session_id, HookEvent.POST_COMPACT, payload.transcript_path, payload.trigger)
    parts.record().execute(call)
    if payload.compact_summary:
        from abzu.entrypoints.hooks.full import attach_compact_summary

        attach_compact_summary(payload, parts.cwd)
    return None


HANDLERS: dict[str, Callable[[HookPayload, HookParts], Output]] = {
    "SessionStart": _session_start, "PreCompact": _pre_compact, "PostCompact": _post_compact,
}
