"""The Claude Code headless distiller against a fake `claude` executable on PATH (no network)."""

import json
import os
import stat
from pathlib import Path

import pytest

from abzu.adapters.distill.child_process import offered_options
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


def test_the_child_is_marked_isolated_named_and_works_in_a_folder_of_its_own(
    on_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.e2e.stub_claude import HELP

    monkeypatch.setenv("CLAUDECODE", "1")  # finalize was started by a hook of a Claude Code session
    envelope = {"result": json.dumps(ANSWER), "session_id": "0c6a1d9e-3f1b-4c55-9d0e-8a2b7c4e5f60"}
    exe = on_path / "claude"
    exe.write_text(f'#!/bin/sh\nif [ "$1" = --help ]; then cat <<\'EOF\'\n{HELP}\nEOF\nexit 0; fi\n'
                   f'printf "%s\\n" "$@" > "{on_path}/argv"\nenv > "{on_path}/env"\npwd > "{on_path}/cwd"\n'
                   f"cat > /dev/null\ncat <<'EOF'\n{json.dumps(envelope)}\nEOF\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    workdir = on_path / "home" / "distill"
    answer = ClaudeCliDistiller(str(exe), workdir=workdir).distill("prompt")
    assert answer.child_session_id == envelope["session_id"]  # as Claude Code reported it
    argv = (on_path / "argv").read_text().split("\n")[:-1]
    chosen = argv[argv.index("--session-id") + 1]
    assert argv == ["-p", "--output-format", "json", "--session-id", chosen,
                    "--settings", '{"disableAllHooks": true}', "--strict-mcp-config", "--tools", ""]
    env = (on_path / "env").read_text().splitlines()
    assert "ABZU_DISTILLER_CHILD=1" in env and not any(v.startswith("CLAUDECODE=") for v in env)
    assert (on_path / "cwd").read_text().strip() == str(workdir)
    assert oct(workdir.stat().st_mode & 0o777) == "0o700"


def test_a_claude_without_those_options_gets_only_print_mode_and_a_failure_keeps_its_session_id(
    on_path: Path,
) -> None:
    fake_claude(on_path, 'case "$1" in --help) echo "Usage: claude -p, --print" ;; *) exit 3 ;; esac')
    with pytest.raises(DistillerFailed) as failed:
        ClaudeCliDistiller(str(on_path / "claude")).distill("prompt")
    assert (on_path / "argv").read_text().strip() == "-p --output-format json"
    assert failed.value.child_session_id is None  # not chosen by Abzu: only its prompt marks it
    exe = on_path / "claude"
    exe.write_text(exe.read_text().replace('"Usage: claude -p, --print"', '"  --session-id <uuid>"'))
    offered_options.cache_clear()
    with pytest.raises(DistillerFailed) as failed:
        ClaudeCliDistiller(str(exe)).distill("prompt")
    assert failed.value.child_session_id is not None
    assert failed.value.child_session_id in (on_path / "argv").read_text()
