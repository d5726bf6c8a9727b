"""Issue 30.4: what the standing capture line (domain/sessions/capture_hint.py) costs in a real
session-start block, per tier. A data home with one finished session of a real transcript (the
MIT-licensed fixture), then the next session's start through `abzu hook session-start`, as
Claude Code runs it; the line's characters against the block's and against the tier's budget.

    .venv/bin/python bench/capture_line_cost.py
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from abzu.domain.injection import PLANS, Tier
from abzu.domain.sessions.capture_hint import CAPTURE_LINE
from tests.e2e.hook_driver import FIXTURES, ClaudeCode, context_of, eventually

REAL = FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"
FIRST, NEXT = "11111111-0000-4000-8000-000000000001", "11111111-0000-4000-8000-000000000002"


def main() -> None:
    cost = len(CAPTURE_LINE) + 1  # the line and its newline, in the header: never dropped
    print(f"capture line: {cost} characters (~{cost // 4} tokens)")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        cc = ClaudeCode.at(Path(tmp))
        path = cc.transcript(FIRST, REAL)
        base = {"session_id": FIRST, "transcript_path": str(path)}
        cc.hook("session-start", {**base, "hook_event_name": "SessionStart", "source": "startup"})
        cc.hook("session-end", {**base, "hook_event_name": "SessionEnd", "reason": "other"})
        eventually(lambda: bool(cc.query("SELECT 1 FROM sessions WHERE finalized_at IS NOT NULL")))
        (cc.project / ".enki").mkdir()
        for tier in Tier:
            (cc.project / ".enki" / "tier").write_text(tier.value)
            block = context_of(cc.hook("session-start", {
                "session_id": NEXT, "hook_event_name": "SessionStart", "source": "startup",
                "transcript_path": str(path.with_name(f"{NEXT}.jsonl"))}))
            assert block.count(CAPTURE_LINE) == 1
            budget = PLANS[tier].total_chars
            print(f"{tier.value:8} block {len(block):5,} chars: line {100 * cost / len(block):4.1f}% of it, "
                  f"{100 * cost / budget:.1f}% of the tier's {budget:,}")


if __name__ == "__main__":
    main()
