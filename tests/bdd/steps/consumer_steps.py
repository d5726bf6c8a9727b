"""Steps for features/mcp_consumers.feature: the in-process MCP client against one consumer."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from mcp.types import CallToolResult
from pytest_bdd import given, parsers, then, when

from abzu.application.projects import ensure_named
from abzu.domain.enki.consumers import Consumer
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.wiring.container import Container
from tests.builders import T0, bead
from tests.mcp_support import call, error, ok


@dataclass
class ConsumerWorld:
    container: Container
    home: Path
    consumer: Consumer = Consumer.AGENT
    bead_id: str = ""
    results: list[CallToolResult] = field(default_factory=list)

    def call(self, tool: str, arguments: dict[str, Any] | None = None) -> CallToolResult:
        result = call(build_server(self.container, self.consumer), tool, arguments)
        self.results.append(result)
        return result

    def counts(self) -> tuple[int, int]:
        status = self.container.status().execute()
        return status.bead_count, status.staged_count


@pytest.fixture
def consumer_world(container: Container, abzu_home: Path) -> ConsumerWorld:
    return ConsumerWorld(container, abzu_home)


@given(parsers.parse('a reviewed memory "{text}" exists'))
def _(consumer_world: ConsumerWorld, text: str) -> None:
    with consumer_world.container.uow() as uow:
        ensure_named(uow.projects, "api", T0)
        uow.beads.add(bead("b-flag", text, project=None))
        uow.commit()
    consumer_world.bead_id = "b-flag"


@given(parsers.parse('an MCP server serving the "{name}" consumer'))
def _(consumer_world: ConsumerWorld, name: str) -> None:
    consumer_world.consumer = Consumer(name)


@when(parsers.parse('the consumer recalls "{query}"'))
@when(parsers.parse('the consumer tries to recall "{query}"'))
def _(consumer_world: ConsumerWorld, query: str) -> None:
    consumer_world.call("enki_recall", {"query": query})


@when(parsers.parse('the consumer remembers the {category} "{text}"'))
@when(parsers.parse('the consumer tries to remember the {category} "{text}"'))
def _(consumer_world: ConsumerWorld, category: str, text: str) -> None:
    consumer_world.call("enki_remember", {"content": text, "category": category})


@when("the consumer pins the reviewed memory")
@when("the consumer tries to pin the reviewed memory")
def _(consumer_world: ConsumerWorld) -> None:
    consumer_world.call("enki_star", {"bead_id": consumer_world.bead_id})


@when("the consumer asks for status")
def _(consumer_world: ConsumerWorld) -> None:
    consumer_world.call("enki_status")


@then("the consumer is shown the reviewed memory")
def _(consumer_world: ConsumerWorld) -> None:
    answer = ok(consumer_world.results[-1])
    assert [r["id"] for r in answer["results"]] == [consumer_world.bead_id]


@then(parsers.parse('the consumer is told {action} is not allowed for "{name}"'))
def _(consumer_world: ConsumerWorld, action: str, name: str) -> None:
    assert f"{action} is not allowed for consumer '{name}'" in error(consumer_world.results[-1])


@then("nothing new was stored")
def _(consumer_world: ConsumerWorld) -> None:
    assert consumer_world.counts() == (1, 0)


@then("the refusal is in the log")
def _(consumer_world: ConsumerWorld) -> None:
    log = (consumer_world.home / "abzu.log").read_text()
    assert "enki_remember refused: remember is not allowed for consumer 'pm'" in log


@then("that decision waits in staging for review")
def _(consumer_world: ConsumerWorld) -> None:
    assert ok(consumer_world.results[-1])["destination"] == "staging"
    assert consumer_world.counts() == (1, 1)


@then(parsers.parse("the status counts {n:d} reviewed memory"))
def _(consumer_world: ConsumerWorld, n: int) -> None:
    assert ok(consumer_world.results[-1])["beads"] == n


@then("no call was refused")
def _(consumer_world: ConsumerWorld) -> None:
    assert all(not r.is_error for r in consumer_world.results)
    assert consumer_world.counts() == (2, 0)
