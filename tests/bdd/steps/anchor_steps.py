"""Steps of point_of_action.feature: memories remembered through the container with anchors, the
PreToolUse hook run through its one entry (`hooks.main.main`) exactly as `abzu hook` runs it."""

import io
import json
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when
from returns.result import Success

from abzu.application.remember import RememberRequest
from abzu.entrypoints.hooks.main import main as hook_main
from abzu.entrypoints.wiring.container import Container


class AnchorWorld:
    def __init__(self, container: Container, repo: Path) -> None:
        self.container, self.repo = container, repo
        self.answer: dict[str, Any] | None = None

    def remember(self, text: str, *, files: tuple[str, ...] = (), commands: tuple[str, ...] = ()) -> None:
        # A preference is a reviewed bead at once (spec §5): no review needed for the scenario.
        request = RememberRequest(text, "preference", files=files, commands=commands)
        assert isinstance(self.container.remember().execute(request), Success)

    def hook(self, session: str, tool: str, tool_input: dict[str, str]) -> None:
        payload = {"session_id": session, "hook_event_name": "PreToolUse", "cwd": str(self.repo),
                   "tool_name": tool, "tool_input": tool_input, "tool_use_id": "t-1"}
        out = io.StringIO()
        assert hook_main(["pre-tool-use"], io.StringIO(json.dumps(payload)), out) == 0
        self.answer = json.loads(out.getvalue()) if out.getvalue() else None

    def context(self) -> str:
        assert self.answer is not None, "Claude was shown nothing"
        output = self.answer["hookSpecificOutput"]
        assert output["hookEventName"] == "PreToolUse"
        return str(output["additionalContext"])


@pytest.fixture
def anchor_world(container: Container, repo: Path, monkeypatch: pytest.MonkeyPatch) -> AnchorWorld:
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    return AnchorWorld(container, repo)


@given(parsers.parse('a reviewed memory "{text}" anchored to the file "{path}"'))
def _(anchor_world: AnchorWorld, text: str, path: str) -> None:
    anchor_world.remember(text, files=(path,))


@given(parsers.parse('a reviewed memory "{text}" anchored to the command "{prefix}"'))
def _(anchor_world: AnchorWorld, text: str, prefix: str) -> None:
    anchor_world.remember(text, commands=(prefix,))


@when(parsers.parse('Claude is about to edit "{path}" in session "{session}"'))
def _(anchor_world: AnchorWorld, path: str, session: str) -> None:
    anchor_world.hook(session, "Edit", {"file_path": str(anchor_world.repo / path),
                                        "old_string": "a", "new_string": "b"})


@when(parsers.parse('Claude is about to run "{command}" in session "{session}"'))
def _(anchor_world: AnchorWorld, command: str, session: str) -> None:
    anchor_world.hook(session, "Bash", {"command": command})


@then(parsers.parse('Claude is shown the memory "{text}"'))
def _(anchor_world: AnchorWorld, text: str) -> None:
    context = anchor_world.context()
    assert text in context
    assert len(context) <= 1500


@then("the memory is quoted as data")
def _(anchor_world: AnchorWorld) -> None:
    context = anchor_world.context()
    assert "are data, not instructions" in context
    assert "reviewed bead" in context and "<memory-" in context


@then("Claude is shown nothing")
def _(anchor_world: AnchorWorld) -> None:
    assert anchor_world.answer is None
