"""The Claude Code headless distiller against a fake `claude` executable on PATH (no network)."""

import json
import os
import stat
from pathlib import Path

import pytest

from abzu.adapters.distill.claude_cli import ClaudeCliDistiller
from abzu.application.extraction.distill import DistillerFailed

ANSWER = {"items": [{"category": "learning", "content": "CI images lack git-lfs.", "summary": "git-lfs"}]}


def fake_claude(folder: Path, body: str) -> Path:
    """A `claude` that records its argv and stdin, then runs `body` (shell)."""
    exe = folder / "claude"
    exe.write_text(f'#!/bin/sh\necho "$@" > "{folder}/argv"\ncat > "{folder}/stdin"\n{body}\n')
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return exe


@pytest.fixture
def on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    return tmp_path


def test_the_prompt_goes_on_stdin_and_the_items_come_back(on_path: Path) -> None:
    envelope = {"type": "result", "is_error": False, "result": "Here:\n" + json.dumps(ANSWER),
                "usage": {"input_tokens": 1200, "cache_read_input_tokens": 300, "output_tokens": 80}}
    fake_claude(on_path, f"cat <<'EOF'\n{json.dumps(envelope)}\nEOF")
    answer = ClaudeCliDistiller().distill("What was learned?")
    assert answer.items == [("learning", "CI images lack git-lfs.", "git-lfs")]
    assert answer.tokens == 1580
    assert (on_path / "argv").read_text().strip() == "-p --output-format json"
    assert (on_path / "stdin").read_text() == "What was learned?"


@pytest.mark.parametrize(("body", "reason"), [
    ("exec sleep 5", "no answer within 0.5 s"),
    ("echo boom >&2; exit 3", "exit code 3: boom"),
    ("echo '{\"result\": \"I cannot do that\"}'", "answer is not the asked JSON"),
    ("echo '{\"is_error\": true, \"result\": \"Credit balance is too low\"}'",
     "Claude Code reported an error: Credit balance is too low"),
])
def test_every_failure_is_one_distiller_failure(on_path: Path, body: str, reason: str) -> None:
    fake_claude(on_path, body)
    with pytest.raises(DistillerFailed, match=reason.replace("(", r"\(")):
        ClaudeCliDistiller(timeout_s=0.5).distill("prompt")


def test_without_claude_installed_it_fails_cleanly(tmp_path: Path) -> None:
    with pytest.raises(DistillerFailed, match="is not on PATH"):
        ClaudeCliDistiller(executable=str(tmp_path / "no-claude")).distill("prompt")
