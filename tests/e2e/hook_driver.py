"""Drives `abzu hook …` the way Claude Code does: a subprocess, JSON on stdin, in the project."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.no_claude import NO_CLAUDE

ABZU = str(Path(sys.executable).parent / ("abzu.exe" if os.name == "nt" else "abzu"))
FIXTURES = Path(__file__).parents[1] / "fixtures" / "claude-jsonl"


@dataclass
class ClaudeCode:
    """A simulated Claude Code: one data home, one project, transcripts under a fake ~/.claude."""

    home: Path
    project: Path
    env: dict[str, str]

    @classmethod
    def at(cls, tmp_path: Path) -> "ClaudeCode":
        home, project = tmp_path / "enki-home", tmp_path / "src" / "api"
        (project / ".git").mkdir(parents=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ABZU_", "CLAUDE_", "CLAUDECODE"))}
        env.update(ABZU_HOME=str(home), HOME=str(tmp_path / "user"), ABZU_RECOVERY_IDLE_MINUTES="0",
                   ABZU_CLAUDE_EXECUTABLE=NO_CLAUDE)  # never the machine's own Claude Code
        return cls(home, project, env)

    def transcript(self, session_id: str, source: Path, lines: int | None = None) -> Path:
        """Writes (or extends) the session's transcript with the first `lines` of a real one."""
        folder = Path(self.env["HOME"]) / ".claude" / "projects" / "-src-api"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source.parent / "LICENSE", folder / "LICENSE")
        content = source.read_bytes().splitlines(keepends=True)
        target = folder / f"{session_id}.jsonl"
        target.write_bytes(b"".join(content if lines is None else content[:lines]))
        return target

    def hook(self, event: str, payload: dict[str, Any] | str) -> subprocess.CompletedProcess[str]:
        body = payload if isinstance(payload, str) else json.dumps({"cwd": str(self.project), **payload})
        return subprocess.run(
            [ABZU, "hook", event], input=body, capture_output=True, text=True, cwd=self.project,
            env=self.env, timeout=60, check=False,
        )

    def cli(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([ABZU, *args], input=stdin, capture_output=True, text=True, cwd=self.project,
                              env=self.env, timeout=60, check=False)

    def query(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        db = self.home / "abzu.db"
        if not db.exists():
            return []
        with sqlite3.connect(db) as conn:
            try:
                return conn.execute(sql, params).fetchall()
            except sqlite3.OperationalError:  # not migrated yet by the background process
                return []

    def log(self) -> str:
        path = self.home / "abzu.log"
        return path.read_text(encoding="utf-8") if path.exists() else ""


def eventually(check: Callable[[], bool], *, timeout: float = 45.0) -> None:
    """Background work (detached finalisation, recovery) is awaited, never assumed."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("background work did not finish in time")
        time.sleep(0.2)


def context_of(done: subprocess.CompletedProcess[str]) -> str:
    output = json.loads(done.stdout)
    assert output["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    text = output["hookSpecificOutput"]["additionalContext"]
    assert isinstance(text, str)
    return text
