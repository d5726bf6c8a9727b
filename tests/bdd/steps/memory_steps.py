"""Steps for the memory features (remember, recall, star, status, decay, dedup).

Scenarios drive the use cases through the real container on SQLite files in tmp_path; the
container's clock is replaced by a clock the scenario moves.
"""

from collections.abc import Iterator

import pytest
from dependency_injector import providers
from pytest_bdd import given, parsers, when
from returns.result import Success

from abzu.application.recall import RecallRequest
from abzu.application.remember import Remembered, RememberRequest
from abzu.entrypoints.wiring.container import Container
from tests.bdd.steps.world import World, quoted, rows
from tests.fakes import FixedClock


@pytest.fixture
def world(container: Container) -> Iterator[World]:
    clock = FixedClock()
    container.clock.override(providers.Object(clock))  # before anything resolves the singleton
    yield World(container, clock)
    container.clock.reset_override()


# --- Given ---------------------------------------------------------------------------------------


@given(quoted("I am working in the project {q:name}"))
def _(world: World, name: str) -> None:
    assert world.current_project() == name


@given("reviewed memories:")
def _(world: World, datatable: list[list[str]]) -> None:
    for row in rows(datatable):
        world.add_bead(row["name"], row["text"], row["project"])


@given("staged memories:")
def _(world: World, datatable: list[list[str]]) -> None:
    for row in rows(datatable):
        world.add_candidate(row["name"], row["text"], row["project"])


@given(quoted(r"a reviewed memory {q:name} last recalled (?P<days>\d+) days ago"))
def _(world: World, name: str, days: str) -> None:
    world.add_bead(name, f"A note on the {name} topic", "api", idle_days=int(days))


@given(quoted(r"a reviewed memory {q:name} created (?P<days>\d+) days ago and never recalled"))
def _(world: World, name: str, days: str) -> None:
    world.add_bead(name, f"A note on the {name} topic", "api", idle_days=int(days), recalled=False)


@given(quoted("a reviewed memory {q:name} flagged by the reviewer as {q:reason}"))
def _(world: World, name: str, reason: str) -> None:
    world.add_bead(name, f"A note on the {name} topic", "api", gemini_flagged=True, flag_reason=reason)


# --- When ----------------------------------------------------------------------------------------


def remember(world: World, request: RememberRequest) -> None:
    world.outcome = world.container.remember().execute(request)
    match world.outcome:
        case Success(Remembered() as done):
            world.remembered.append(done)
        case _:
            pass


@when(quoted(r"I remember the (?P<kind>\w+) {q:text}"))
def _(world: World, kind: str, text: str) -> None:
    remember(world, RememberRequest(text, kind))


@when(quoted(r"I remember the (?P<kind>\w+) {q:text} for every project"))
def _(world: World, kind: str, text: str) -> None:
    remember(world, RememberRequest(text, kind, is_global=True))


@when(quoted(r"I remember the (?P<kind>\w+) {q:text} for the project {q:project}"))
def _(world: World, kind: str, text: str, project: str) -> None:
    remember(world, RememberRequest(text, kind, project=project))


@when("I remember an empty learning")
def _(world: World) -> None:
    remember(world, RememberRequest("", "learning"))


@when(parsers.parse("I remember a learning of {size:d} characters"))
def _(world: World, size: int) -> None:
    remember(world, RememberRequest("x" * size, "learning"))


def recall(world: World, request: RecallRequest) -> None:
    world.recalled = world.container.recall().execute(request).unwrap()


@when(quoted("I recall {q:query}"))
def _(world: World, query: str) -> None:
    recall(world, RecallRequest(query))


@when(quoted("I recall {q:query} across all projects"))
def _(world: World, query: str) -> None:
    recall(world, RecallRequest(query, scope="all"))


@when(quoted("I recall {q:query} in the project {q:project}"))
def _(world: World, query: str, project: str) -> None:
    recall(world, RecallRequest(query, project=project))


@when(quoted("I star {q:name}"))
def _(world: World, name: str) -> None:
    world.outcome = world.container.star().execute(world.ids[name])


@when(quoted("I star an unknown memory {q:bead_id}"))
def _(world: World, bead_id: str) -> None:
    world.outcome = world.container.star().execute(bead_id)


@when(parsers.parse("{days:d} days pass"))
def _(world: World, days: int) -> None:
    world.clock.advance(days=days)


@when("the decay pass runs")
def _(world: World) -> None:
    world.container.sessions.maintenance().execute()


@when("I ask for the status")
def _(world: World) -> None:
    world.status()
