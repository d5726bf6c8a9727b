"""Then-steps for the memory features (registered beside memory_steps in the root conftest)."""

import re

import pytest
from pytest_bdd import parsers, then
from returns.result import Failure

from abzu.application.recall import RecallRequest
from abzu.application.remember import Destination
from abzu.domain.dedup import DedupOutcome
from abzu.domain.ranking import Source
from tests.bdd.steps.world import World, quoted


def last(world: World) -> tuple[Destination, str | None]:
    assert world.remembered, f"nothing was remembered: {world.outcome}"
    return world.remembered[-1].destination, world.remembered[-1].project


@then(quoted("it is kept in permanent memory for {q:project}"))
def _(world: World, project: str) -> None:
    assert last(world) == (Destination.WISDOM, project)


@then(quoted("it is waiting for review for {q:project}"))
def _(world: World, project: str) -> None:
    assert last(world) == (Destination.STAGING, project)


@then("it is waiting for review for every project")
def _(world: World) -> None:
    assert last(world) == (Destination.STAGING, None)


@then("nothing is waiting for review")
def _(world: World) -> None:
    assert world.status().staged_count == 0


@then("permanent memory is still empty")
def _(world: World) -> None:
    assert world.status().bead_count == 0


@then("nothing was stored")
def _(world: World) -> None:
    status = world.status()
    assert (status.bead_count, status.staged_count, world.remembered) == (0, 0, [])


@then(quoted("I am told {q:message}"))
def _(world: World, message: str) -> None:
    match world.outcome:
        case Failure(error):
            assert error.message == message
        case _:
            pytest.fail(f"expected a refusal, got {world.outcome}")


@then("I am told it must be reviewed before it can be starred")
def _(world: World) -> None:
    match world.outcome:
        case Failure(error):
            assert "must be reviewed" in error.message
        case _:
            pytest.fail(f"expected a refusal, got {world.outcome}")


@then(parsers.re(r"I get (?P<names>.+)"))
def _(world: World, names: str) -> None:
    expected = [] if names == "nothing" else [world.ids[n] for n in re.findall(r'"([^"]*)"', names)]
    assert world.hit_ids() == expected


@then(parsers.parse("the scores are {scores}"))
def _(world: World, scores: str) -> None:
    assert world.recalled is not None
    assert [round(h.score, 3) for h in world.recalled.hits] == [float(s) for s in scores.split(", ")]


@then(quoted("{q:name} is marked as not reviewed yet"))
def _(world: World, name: str) -> None:
    assert world.recalled is not None
    sources = {h.hit.item_id: h.hit.source for h in world.recalled.hits}
    assert sources[world.ids[name]] is Source.CANDIDATE


@then(parsers.re(r'"(?P<name>[^"]*)" is starred with weight (?P<weight>[\d.]+)'))
def _(world: World, name: str, weight: str) -> None:
    bead = world.bead(name)
    assert bead is not None and (bead.starred, bead.weight) == (True, float(weight))


@then(parsers.re(r'"(?P<name>[^"]*)" has weight (?P<weight>[\d.]+)'))
def _(world: World, name: str, weight: str) -> None:
    bead = world.bead(name)
    assert bead is not None and bead.weight == float(weight)


@then(parsers.re(r"it has weight (?P<weight>[\d.]+)"))
def _(world: World, weight: str) -> None:
    bead = world.bead(world.remembered[-1].id)
    assert bead is not None and bead.weight == float(weight)


@then(quoted("{q:name} is gone"))
def _(world: World, name: str) -> None:
    assert world.bead(name) is None


@then(
    parsers.parse("I see {beads:d} reviewed memories, {staged:d} waiting for review and {starred:d} starred")
)
def _(world: World, beads: int, staged: int, starred: int) -> None:
    status = world.status()
    assert (status.bead_count, status.staged_count, status.beads.starred) == (beads, staged, starred)


@then(parsers.parse("the weights are {a:d} at 1.0, {b:d} at 0.5, {c:d} at 0.2 and {d:d} at 0.1"))
def _(world: World, a: int, b: int, c: int, d: int) -> None:
    weights = world.status().beads.weights
    assert [weights.get(w, 0) for w in (1.0, 0.5, 0.2, 0.1)] == [a, b, c, d]


@then("no review has happened yet")
def _(world: World) -> None:
    assert world.status().last_review_at is None


@then("I am told it is already remembered as the first one")
def _(world: World) -> None:
    first, again = world.remembered
    assert (again.outcome, again.id) == (DedupOutcome.SKIPPED_DUPLICATE, first.id)


@then(parsers.re(r"(?P<count>\d+) (memory is|memories are) waiting for review"))
def _(world: World, count: str) -> None:
    assert world.status().staged_count == int(count)


@then("the second replaces the first")
def _(world: World) -> None:
    first, second = world.remembered
    assert (second.outcome, second.superseded_id) == (DedupOutcome.SUPERSEDED, first.id)


@then(quoted("recalling {q:query} finds only the second"))
def _(world: World, query: str) -> None:
    world.recalled = world.container.recall().execute(RecallRequest(query)).unwrap()
    assert world.hit_ids() == [world.remembered[1].id]


@then(quoted("recalling {q:query} finds {q:name} first"))
def _(world: World, query: str, name: str) -> None:
    world.recalled = world.container.recall().execute(RecallRequest(query)).unwrap()
    assert world.hit_ids()[0] == world.ids[name]
