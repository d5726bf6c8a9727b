"""Steps for features/user_profile.feature: the real `abzu` CLI and SessionStart hook, as subprocesses."""

import subprocess
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, then, when

from tests.e2e.hook_driver import ClaudeCode, context_of


@pytest.fixture
def claude(tmp_path: Path) -> ClaudeCode:
    return ClaudeCode.at(tmp_path)


@pytest.fixture
def last_run() -> list[subprocess.CompletedProcess[str]]:
    return []


def _set(claude: ClaudeCode, *args: str) -> subprocess.CompletedProcess[str]:
    return claude.cli("profile", "set", *args)


@given(parsers.parse('the user sets their profile "{key}" to "{value}"'))
def _(claude: ClaudeCode, key: str, value: str) -> None:
    assert _set(claude, key, value).returncode == 0


@given(parsers.parse('the user sets their profile "{key}" to "{value}" for the project "{project}"'))
def _(claude: ClaudeCode, key: str, value: str, project: str) -> None:
    assert _set(claude, key, value, "--project", project).returncode == 0


@given(parsers.parse('the user\'s profile "{key}" is inferred as "{value}"'))
def _(claude: ClaudeCode, key: str, value: str) -> None:
    assert _set(claude, key, value, "--source", "inferred").returncode == 0


@when(parsers.parse('a session starts in the "{name}" repository'))
def _(claude: ClaudeCode, last_run: list[subprocess.CompletedProcess[str]], name: str) -> None:
    assert claude.project.name == name
    payload = {"session_id": "s-1", "hook_event_name": "SessionStart", "source": "startup"}
    last_run.append(claude.hook("session-start", payload))


@when("the user lists their profile")
def _(claude: ClaudeCode, last_run: list[subprocess.CompletedProcess[str]]) -> None:
    last_run.append(claude.cli("profile"))


@when(parsers.parse('the user sets a profile entry with the source "{source}"'))
def _(claude: ClaudeCode, last_run: list[subprocess.CompletedProcess[str]], source: str) -> None:
    last_run.append(_set(claude, "editor", "vim", "--source", source))


@then(parsers.parse('the briefing\'s persona shows "{first}" and "{second}"'))
def _(last_run: list[subprocess.CompletedProcess[str]], first: str, second: str) -> None:
    briefing = context_of(last_run[-1])
    persona = briefing.split("Persona", 1)[1]
    assert first in persona and second in persona, briefing


@then(parsers.parse('the briefing does not show "{first}" or "{second}"'))
def _(last_run: list[subprocess.CompletedProcess[str]], first: str, second: str) -> None:
    briefing = context_of(last_run[-1])
    assert first not in briefing and second not in briefing


@then(parsers.parse('the profile lists "{line}" once and not "{old}"'))
def _(last_run: list[subprocess.CompletedProcess[str]], line: str, old: str) -> None:
    out = last_run[-1].stdout
    assert out.count(line) == 1 and old not in out, out


@then(parsers.parse('the profile command fails with "{message}"'))
def _(last_run: list[subprocess.CompletedProcess[str]], message: str) -> None:
    done = last_run[-1]
    assert done.returncode == 1 and done.stderr == f"error: {message}\n"
