"""The PreToolUse hook runs before every edit (issue 16): as `abzu hook pre-tool-use` it shows an
anchored memory, stays silent otherwise, and on both paths loads none of the heavy modules."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.hook_driver import ABZU, ClaudeCode

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
# Frameworks, `returns` and the rich domain types, and the standard library's slow imports: none
# is needed to read stdin, look the file up in one index and print.
NOT_ON_THIS_PATH = {
    "sqlalchemy", "alembic", "pydantic", "pydantic_core", "pydantic_settings", "dependency_injector",
    "returns", "returns.result", "typer", "click", "rich", "mcp", "google.genai",
    "subprocess", "logging", "dataclasses", "inspect", "pathlib", "typing", "secrets",
    "abzu.domain.ranking", "abzu.domain.category", "abzu.domain.anchors", "abzu.entrypoints.hooks.main",
    "abzu.adapters.git_repo",
}


def probe(cc: ClaudeCode, file: str, session: str) -> tuple[str, set[str]]:
    payload = {"session_id": session, "hook_event_name": "PreToolUse", "cwd": str(cc.project),
               "tool_name": "Edit", "tool_input": {"file_path": str(cc.project / file)}}
    done = subprocess.run([sys.executable, "-X", "importtime", ABZU, "hook", "pre-tool-use"],
                          input=json.dumps(payload), capture_output=True, text=True, cwd=cc.project,
                          env=cc.env, timeout=60, check=False)
    assert done.returncode == 0
    assert "Traceback" not in done.stderr
    return done.stdout, {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}


def test_the_hook_shows_anchored_memory_and_loads_only_what_it_needs(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    stored = subprocess.run([ABZU, "remember", "Never edit gen/a.ts by hand: run codegen", "--category",
                             "preference", "--files", "gen/a.ts"], capture_output=True, text=True,
                            cwd=cc.project, env=cc.env, timeout=120, check=False)
    assert stored.returncode == 0, stored.stderr

    shown, loaded = probe(cc, "gen/a.ts", "s-1")
    context = json.loads(shown)["hookSpecificOutput"]["additionalContext"]
    assert "Never edit gen/a.ts by hand" in context
    assert "abzu.entrypoints.hooks.pre_tool_use" in loaded and "sqlite3" in loaded
    assert loaded & NOT_ON_THIS_PATH == set()

    assert probe(cc, "gen/a.ts", "s-1")[0] == ""  # once per session
    silent, loaded = probe(cc, "src/other.py", "s-1")
    assert silent == ""
    assert loaded & NOT_ON_THIS_PATH == set()
    assert "abzu.domain.anchors_render" not in loaded  # nothing to say: the renderer is never loaded
