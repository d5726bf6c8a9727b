"""PostCompact's write to abzu.db, through the container.

It runs while Claude Code has just compacted (an LLM call of many seconds), so the container's
import cost is affordable there; it is imported only by that hook.
"""

from pathlib import Path

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.application.sessions.attach_compact_summary import CompactSummary
from abzu.entrypoints.wiring.container import build_container


def attach_compact_summary(payload: HookPayload, cwd: Path) -> None:
    container = build_container(cwd=cwd, actor="hook")
    try:
        summary = CompactSummary(payload.session_id, payload.compact_summary or "")
        container.sessions.attach_compact_summary().execute(summary)
    finally:
        container.shutdown_resources()
