"""Steps for secrets.feature: tokens made at test time (none is a real credential), files read raw."""

import random
import string
from pathlib import Path

from pytest_bdd import then, when
from returns.result import Success

from abzu.application.remember import Remembered, RememberRequest
from tests.bdd.steps.world import World, quoted


@when("I remember a preference that mentions a freshly made GitHub token", target_fixture="token")
def _(world: World) -> str:
    rng = random.Random()
    token = "ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))
    world.outcome = world.container.remember().execute(
        RememberRequest(f"Deploy from CI only; the bot uses GITHUB_TOKEN={token}", "preference"))
    return token


@then(quoted("permanent memory holds the preference with a {q:rule} marker in place of the token"))
def _(world: World, rule: str, token: str) -> None:
    stored = _stored_text(world)
    assert stored.startswith(f"Deploy from CI only; the bot uses GITHUB_TOKEN=[REDACTED:{rule}:")
    assert token not in stored


@then("no trace of the token is left in the memory files")
def _(world: World, token: str) -> None:
    home = Path(world.container.config.wisdom_path()).parent
    for path in home.glob("*.db*"):
        assert token[4:].lower().encode() not in path.read_bytes().lower(), path.name


@then(quoted("the stored text is {q:text}"))
def _(world: World, text: str) -> None:
    assert _stored_text(world) == text


def _stored_text(world: World) -> str:
    match world.outcome:
        case Success(Remembered() as done):
            with world.container.uow() as uow:
                found = uow.beads.get(done.id) if done.id.startswith("b-") else uow.candidates.get(done.id)
                assert found is not None
                return found.content
        case other:
            raise AssertionError(f"not remembered: {other}")
