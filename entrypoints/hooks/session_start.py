"""SessionStart: the briefing (startup, resume, clear) or, after a compaction, the session's own
thread. A new session also starts the detached recovery of sessions that never finished."""

from typing import Any

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.entrypoints.detach import background_job, start_detached
from abzu.entrypoints.hooks.env import session_dir
from abzu.entrypoints.hooks.team_refresh import refresh_if_due
from abzu.entrypoints.wiring.hook_cases import HookUseCases


def run_at(raw: str, root: str) -> dict[str, Any]:
    """`root`: the data home's folder (home_root.py): every file is named as a string, no pathlib."""
    payload = HookPayload.model_validate_json(raw)
    cwd = session_dir(payload.cwd)
    light = HookUseCases.for_hook(root, cwd)
    if payload.source == "compact":
        text = _after_compaction(payload, light, root)
    else:
        from abzu.application.sessions.inject_session_start import SessionStartRequest

        start = SessionStartRequest(payload.session_id, payload.source or "startup", payload.transcript_path)
        text = light.session_start().execute(start).text
        argv, job = background_job("recover", session_id=payload.session_id)
        start_detached(argv, cwd=cwd, stdin=job)  # sessions that never finished
        refresh_if_due(root, cwd)  # the team's memories, for the next start (issue 32)
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}


def _after_compaction(payload: HookPayload, light: HookUseCases, root: str) -> str:
    from abzu.application.sessions.inject_post_compact import PostCompactRequest
    from abzu.entrypoints.data_home import DataHome
    from abzu.entrypoints.hooks.pre_compact import wait_for_snapshot

    # PreCompact's snapshot is taken in the background
    wait_for_snapshot(DataHome.at(root), payload.session_id)
    request = PostCompactRequest(payload.session_id, payload.transcript_path)
    return light.post_compact().execute(request).text
