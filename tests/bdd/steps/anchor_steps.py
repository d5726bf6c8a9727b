"""Steps of point_of_action.feature: memories remembered through the container with anchors, the
PreToolUse hook run through its one entry (`hooks.main.main`) exactly as `abzu hook` runs it."""

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when
from returns.result import Success

from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.domain.bead import VouchedBy
from abzu.entrypoints.hooks.main import main as hook_main
from abzu.entrypoints.recall_views import RecallItem, RecallView
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.integration.gitrepos import git, new_repo


class AnchorWorld:
    def __init__(self, container: Container, repo: Path) -> None:
        self.container, self.repo = container, repo
        self.answer: dict[str, Any] | None = None

    def remember(self, text: str, *, files: tuple[str, ...] = (), commands: tuple[str, ...] = ()) -> None:
        # A preference a person typed is a reviewed bead at once (spec §5, issue 29): no review
        # needed for the scenario.
        request = RememberRequest(text, "preference", files=files, commands=commands,
                                  vouched_by=VouchedBy.PERSON)
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


# --- anchors_notice_change.feature: a real git repository, maintenance as finalize runs it ---


class GitWorld:
    def __init__(self, home: Path, repo: Path) -> None:
        self.repo = new_repo(repo)
        self.home, self.memory, self._container = home, "", None
        self.hook_said = ""

    def container(self) -> Container:
        if self._container is None:
            self._container = build_container(Settings(home=self.home), cwd=self.repo)
        return self._container

    def commit(self, path: str, text: str | None) -> None:
        if text is None:
            git(self.repo, "rm", "-q", path)
        else:
            (self.repo / path).parent.mkdir(parents=True, exist_ok=True)
            (self.repo / path).write_text(text)
            git(self.repo, "add", path)
        git(self.repo, "commit", "-q", "-m", f"change {path}")

    def recalled(self, query: str) -> RecallItem:
        found = self.container().recall().execute(RecallRequest(query)).unwrap()
        [item] = [r for r in RecallView.of(found).results if r.id == self.memory]
        return item


@pytest.fixture
def git_world(abzu_home: Path, tmp_path: Path) -> Iterator[GitWorld]:
    world = GitWorld(abzu_home, tmp_path / "work" / "api")
    yield world
    if world._container is not None:
        world._container.shutdown_resources()


@given(parsers.parse('a git repository with the file "{path}" committed'))
def _(git_world: GitWorld, path: str) -> None:
    git_world.commit(path, "def handler(): ...\n")


@given(parsers.parse('a reviewed memory "{text}" anchored to the file "{path}" there'))
def _(git_world: GitWorld, text: str, path: str) -> None:
    done = git_world.container().remember().execute(RememberRequest(text, "preference", files=(path,)))
    git_world.memory = done.unwrap().id


@when(parsers.parse('"{path}" is rewritten and committed'))
def _(git_world: GitWorld, path: str) -> None:
    git_world.commit(path, "async def handler(): ...\n")


@when(parsers.parse('"{path}" is put back as it was and committed'))
def _(git_world: GitWorld, path: str) -> None:
    git_world.commit(path, "def handler(): ...\n")  # what the Given step committed


@when(parsers.parse('"{path}" is deleted and committed'))
def _(git_world: GitWorld, path: str) -> None:
    git_world.commit(path, None)


@when("maintenance runs")
def _(git_world: GitWorld) -> None:
    git_world.container().sessions.maintenance().execute()


@when(parsers.parse('Claude sets out to edit "{path}" in this repository'))
def _(git_world: GitWorld, path: str) -> None:
    payload = {"session_id": "s-git", "hook_event_name": "PreToolUse", "cwd": str(git_world.repo),
               "tool_name": "Edit", "tool_input": {"file_path": str(git_world.repo / path)}}
    out = io.StringIO()
    assert hook_main(["pre-tool-use"], io.StringIO(json.dumps(payload)), out) == 0
    git_world.hook_said = json.loads(out.getvalue())["hookSpecificOutput"]["additionalContext"]


@then(parsers.parse('the memory shown before the edit is marked "{mark}"'))
def _(git_world: GitWorld, mark: str) -> None:
    assert git_world.memory in git_world.hook_said and f"· {mark} ·" in git_world.hook_said


@then(parsers.parse('recalling "{query}" shows the memory marked "{mark}"'))
def _(git_world: GitWorld, query: str, mark: str) -> None:
    assert git_world.recalled(query).stale == mark


@then(parsers.parse('recalling "{query}" shows the memory unmarked'))
def _(git_world: GitWorld, query: str) -> None:
    assert git_world.recalled(query).stale is None


@then(parsers.parse('the memory\'s history says "{event}" by "{who}"'))
def _(git_world: GitWorld, event: str, who: str) -> None:
    events = git_world.container().trust.history().of_item(git_world.memory)
    assert [(e.event, e.who) for e in events if e.event == event] == [(event, who)]
