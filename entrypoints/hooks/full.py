"""The hooks that write abzu.db directly (PreCompact, PostCompact), through the container.

Both run while Claude Code compacts (an LLM call of many seconds), so the container's import
cost is affordable there; they are imported only by those hooks.
"""

from pathlib import Path

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.application.sessions.attach_compact_summary import CompactSummary
from abzu.application.sessions.capture_pre_compact import PreCompactRequest
from abzu.entrypoints.container import build_container


def capture_pre_compact(payload: HookPayload, cwd: Path) -> None:
    container = build_container(cwd=cwd)
    try:
        request = PreCompactRequest(payload.session_id, payload.transcript_path, payload.trigger)
        container.sessions.capture_pre_compact().execute(request)
    finally:
        container.shutdown_resources()


def attach_compact_summary(payload: HookPayload, cwd: Path) -> None:
    container = build_container(cwd=cwd)
    try:
        summary = CompactSummary(payload.session_id, payload.compact_summary or "")
        container.sessions.attach_compact_summary().execute(summary)
    finally:
        container.shutdown_resources()
