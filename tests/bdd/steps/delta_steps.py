"""Steps of features/delta_header.feature: a real review's writes on SQLite files, then the
briefing the next session start builds from `memory_events`."""

from pytest_bdd import given, parsers, then, when

from tests.bdd.steps.session_world import SessionWorld

HEADER = "Memory since your last session here:"


@given("an earlier session of the project started")
def _(session_world: SessionWorld) -> None:
    session_world.start("sess-earlier")


@when("a review promotes the first staged candidate")
def _(session_world: SessionWorld) -> None:
    first = session_world.query("SELECT id FROM bead_candidates ORDER BY created_at, id LIMIT 1")[0][0]
    promoted = session_world.container.review.promote_candidate().execute(first).unwrap()
    session_world.beads["promoted"] = promoted.bead_id


@when(parsers.parse('the review flags "{text}"'))
def _(session_world: SessionWorld, text: str) -> None:
    session_world.container.review.flag_for_deletion().execute(session_world.beads[text], "outdated").unwrap()


@then(parsers.parse("the briefing's first lines say \"{line}\""))
def _(session_world: SessionWorld, line: str) -> None:
    lines = session_world.briefing.splitlines()
    assert line in lines[:4], lines[:4]


@then("the briefing lists the flagged memory and the promoted one as changes")
def _(session_world: SessionWorld) -> None:
    bullets = _changes(session_world.briefing)
    flagged = session_world.beads["Refresh tokens are stored in the database"]
    assert bullets == [f"- {flagged} flagged", f"- {session_world.beads['promoted']} promoted (decision)"]


@then(parsers.parse('the briefing\'s changes do not quote "{text}"'))
def _(session_world: SessionWorld, text: str) -> None:
    assert all(text not in b for b in _changes(session_world.briefing))


def _changes(briefing: str) -> list[str]:
    lines = briefing.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(HEADER))
    bullets = []
    for line in lines[start + 1:]:
        if not line.startswith("- "):
            break
        bullets.append(line)
    return bullets
