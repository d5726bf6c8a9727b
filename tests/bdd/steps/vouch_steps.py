"""Steps for features/vouched_by.feature (issue 29): the agent stores a preference through MCP,
session start and recall show whose it is, a person confirms it in `abzu review --interactive`."""

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import parsers, then, when

from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.bdd.steps.mcp_steps import Agent
from tests.e2e.cli import Cli
from tests.mcp_support import call, ok


@pytest.fixture
def person(abzu_home: Path) -> Iterator[Container]:
    """The person's own door on the agent's data home, in the agent's repository."""
    built = build_container(Settings(home=abzu_home), cwd=Path(os.environ["CLAUDE_PROJECT_DIR"]))
    yield built
    built.shutdown_resources()


@when(parsers.parse('the agent remembers the preference "{text}"'))
def _(agent: Agent, text: str) -> None:
    stored = ok(call(build_server(), "enki_remember", {"content": text, "category": "preference"}))
    assert stored["destination"] == "wisdom"
    agent.remembered.append({**stored, "text": text})


@then(parsers.parse('recalling "{query}" shows that preference as written by the agent, not reviewed'))
def _(agent: Agent, query: str) -> None:
    assert _recalled(agent, query)[1:] == (False, "agent")


@then(parsers.parse('recalling "{query}" shows that preference as reviewed, vouched for by a person'))
def _(agent: Agent, query: str) -> None:
    assert _recalled(agent, query)[1:] == (True, "person")


@then("the next session start labels it as written by the agent, never as a reviewed bead")
def _(agent: Agent, person: Container) -> None:
    line = _label(agent, person, "s-1")
    assert "written by the agent, not reviewed" in line and "reviewed bead" not in line


@then("the next session start labels it as a reviewed bead")
def _(agent: Agent, person: Container) -> None:
    assert "· reviewed bead ·" in _label(agent, person, "s-2")


@when("a person confirms it in the interactive review")
def _(agent: Agent, person: Container) -> None:
    done = Cli(person)("review", "--interactive", stdin="c\n")
    assert done.code == 0 and f"{agent.remembered[-1]['id']} confirmed" in done.stdout, done.stdout


def _recalled(agent: Agent, query: str) -> tuple[Any, ...]:
    top = ok(call(build_server(), "enki_recall", {"query": query}))["results"][0]
    assert top["id"] == agent.remembered[-1]["id"]
    return top["id"], top["reviewed"], top["vouched_by"]


def _label(agent: Agent, person: Container, session_id: str) -> str:
    request = SessionStartRequest(session_id, "startup", None)
    block = person.sessions.inject_session_start().execute(request).text
    found = re.search(rf"^- {re.escape(agent.remembered[-1]['id'])} · .*$", block, re.M)
    assert found, block
    return found[0]
