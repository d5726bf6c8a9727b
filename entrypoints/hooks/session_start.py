"""SessionStart: the briefing (startup, resume, clear) or, after a compaction, the session's own
thread. A new session also starts the detached recovery of sessions that never finished."""

from typing import Any

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.detach import background_job, start_detached
from abzu.entrypoints.hooks.env import session_cwd
from abzu.entrypoints.hooks.team_refresh import refresh_if_due
from abzu.entrypoints.wiring.light import LightUseCases


def run(raw: str, home: DataHome) -> dict[str, Any]:
    payload = HookPayload.model_validate_json(raw)
    cwd = session_cwd(payload.cwd)
    light = LightUseCases.for_hook(home, cwd)
    if payload.source == "compact":
        text = _after_compaction(payload, light, home)
    else:
        from abzu.application.sessions.inject_session_start import SessionStartRequest

        start = SessionStartRequest(payload.session_id, payload.source or "startup", payload.transcript_path)
        text = light.session_start().execute(start).text
        argv, job = background_job("recover", session_id=payload.session_id)
        start_detached(argv, cwd=str(cwd), stdin=job)  # sessions that never finished
        refresh_if_due(home, cwd)  # the team's memories, for the next start (issue 32)
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}


def _after_compaction(payload: HookPayload, light: LightUseCases, home: DataHome) -> str:
    from abzu.application.sessions.inject_post_compact import PostCompactRequest
    from abzu.entrypoints.hooks.pre_compact import wait_for_snapshot

    wait_for_snapshot(home, payload.session_id)  # PreCompact's snapshot is taken in the background
    request = PostCompactRequest(payload.session_id, payload.transcript_path)
    return light.post_compact().execute(request).text
