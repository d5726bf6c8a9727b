"""Steps for the session-lifecycle features (session start, compaction, session end, crash recovery)."""

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from dependency_injector import providers
from pytest_bdd import given, parsers, then, when

from abzu.domain.extraction.transcript import ABZU_CONTEXT_MARKER
from abzu.entrypoints.wiring.container import Container
from tests.bdd.steps.session_world import SessionWorld, now_clock

MEMORY_LINE = re.compile(r"^- \S+ · \w+ · (reviewed bead|staged candidate, not yet reviewed) ·", re.M)


@pytest.fixture
def session_world(container: Container, abzu_home: Path, repo: Path) -> Iterator[SessionWorld]:
    clock = now_clock()
    container.clock.override(providers.Object(clock))
    yield SessionWorld(container, clock, abzu_home, repo)
    container.clock.reset_override()


def _table(datatable: list[list[str]]) -> list[str]:
    return [row[0] for row in datatable[1:]]


# --- Given ---------------------------------------------------------------------------------------


@given("the persona reads:")
def _(session_world: SessionWorld, docstring: str) -> None:
    session_world.home.mkdir(parents=True, exist_ok=True)
    (session_world.home / "persona.md").write_text(docstring, encoding="utf-8")


@given(parsers.parse('the project\'s goal is "{goal}"'))
def _(session_world: SessionWorld, goal: str) -> None:
    session_world.enki_file("goal", goal)


@given(parsers.parse('the project\'s tier is "{tier}"'))
def _(session_world: SessionWorld, tier: str) -> None:
    session_world.enki_file("tier", tier)


@given("the project's gates read:")
def _(session_world: SessionWorld, docstring: str) -> None:
    session_world.enki_file("gates.md", docstring)


@given("the project has these reviewed memories:")
def _(session_world: SessionWorld, datatable: list[list[str]]) -> None:
    for text in _table(datatable):
        session_world.add_bead(text)


@given("the project has these staged candidates:")
def _(session_world: SessionWorld, datatable: list[list[str]]) -> None:
    for text in _table(datatable):
        session_world.add_candidate(text)


@given(parsers.parse('the previous session ended with the summary "{text}"'))
def _(session_world: SessionWorld, text: str) -> None:
    session_world.add_final("sess-before", text)


@given(parsers.parse("the previous session ended with a summary of {size:d} characters"))
def _(session_world: SessionWorld, size: int) -> None:
    session_world.add_final("sess-before", ("We decided many things. " * size)[:size])


@given("a session is working on the project")
def _(session_world: SessionWorld) -> None:
    session_world.start("sess-now", session_world.transcript("sess-now", lines=30))


@given("a session worked through a real Claude Code transcript")
def _(session_world: SessionWorld) -> None:
    session_world.start("sess-now", session_world.transcript("sess-now"))


@given(parsers.parse('Claude Code compacts the session with the summary "{summary}"'))
def _(session_world: SessionWorld, summary: str) -> None:
    session_world.compact(summary)


@given(parsers.parse("Claude Code has compacted the session {count:d} times with long summaries"))
def _(session_world: SessionWorld, count: int) -> None:
    for n in range(1, count + 1):
        session_world.compact(f"Round {n}: we decided to use approach {n}. " + f"Detail {n}. " * 300)


@given(parsers.parse("{count:d} earlier sessions of the project have ended"))
def _(session_world: SessionWorld, count: int) -> None:
    for n in range(count):
        session_world.add_final(f"sess-old-{n}", f"Earlier session {n}", age=timedelta(days=count - n))


@given(parsers.parse('a reviewed memory "{text}" flagged by the reviewer for deletion'))
def _(session_world: SessionWorld, text: str) -> None:
    session_world.add_bead(text, flagged=True)


@given(parsers.parse('a session "{name}" compacted with the summary "{summary}" and then crashed'))
def _(session_world: SessionWorld, name: str, summary: str) -> None:
    session_world.start(name, session_world.transcript(name, lines=30))
    session_world.compact(summary, name)
    session_world.clock.advance(minutes=10)


@given(parsers.parse('a session "{name}" worked through a real Claude Code transcript and then crashed'))
def _(session_world: SessionWorld, name: str) -> None:
    session_world.start(name, session_world.transcript(name))
    session_world.clock.advance(minutes=10)
    session_world.current = "sess-now"


@given(parsers.parse('a session "{name}" is still writing its transcript'))
def _(session_world: SessionWorld, name: str) -> None:
    path = session_world.transcript(name, lines=20)
    session_world.start(name, path)
    session_world.clock.advance(minutes=10)
    session_world.touch(path)
    session_world.current = "sess-now"


# --- When ----------------------------------------------------------------------------------------


@when("a new session starts")
def _(session_world: SessionWorld) -> None:
    session_world.start("sess-now")


@when("the next session starts")
def _(session_world: SessionWorld) -> None:
    session_world.start("sess-next")


@when("the next session starts in the same project folder")
def _(session_world: SessionWorld) -> None:
    folder = session_world.home.parent / "claude-projects"
    session_world.start("sess-next", folder / "sess-next.jsonl")  # Claude Code writes it later


@when("the session continues after the compaction")
def _(session_world: SessionWorld) -> None:
    session_world.resume()


@when("the session ends")
def _(session_world: SessionWorld) -> None:
    session_world.end()


@when("the crashed sessions are recovered")
def _(session_world: SessionWorld) -> None:
    session_world.recover()


# --- Then ----------------------------------------------------------------------------------------


def _memories(briefing: str) -> tuple[int, int]:
    kinds = MEMORY_LINE.findall(briefing)
    return kinds.count("reviewed bead"), kinds.count("staged candidate, not yet reviewed")


@then("the briefing shows the first 3 lines of the persona only")
def _(session_world: SessionWorld) -> None:
    assert "You write the test first." in session_world.briefing
    assert "You explain trade-offs." not in session_world.briefing


@then("the briefing shows the first gate only")
def _(session_world: SessionWorld) -> None:
    assert "No merge without review." in session_world.briefing
    assert "Specs are approved before code." not in session_world.briefing


@then("the briefing shows the whole persona and every gate")
def _(session_world: SessionWorld) -> None:
    for line in ("You explain trade-offs.", "Specs are approved before code."):
        assert line in session_world.briefing


@then("the briefing says nothing about the previous session")
def _(session_world: SessionWorld) -> None:
    assert "previous session" not in session_world.briefing


@then("the briefing lists no memories")
def _(session_world: SessionWorld) -> None:
    assert _memories(session_world.briefing) == (0, 0)


@then(parsers.parse('the briefing recalls the previous session: "{text}"'))
def _(session_world: SessionWorld, text: str) -> None:
    assert "Final summary of the previous session" in session_world.briefing
    assert f"> {text}" in session_world.briefing


@then(parsers.parse("the briefing lists {beads:d} reviewed memories and {candidates:d} staged candidates"))
def _(session_world: SessionWorld, beads: int, candidates: int) -> None:
    assert _memories(session_world.briefing) == (beads, candidates)


@then("the briefing offers the rest through recall")
def _(session_world: SessionWorld) -> None:
    assert re.search(r"\n\d+ more items via recall \(enki_recall\)\.$", session_world.briefing)


@then("staged candidates are marked as not yet reviewed")
def _(session_world: SessionWorld) -> None:
    assert "staged candidate, not yet reviewed" in session_world.briefing


@then(parsers.parse('the briefing is for the "{tier}" tier'))
def _(session_world: SessionWorld, tier: str) -> None:
    assert f"Tier: {tier}" in session_world.briefing


@then(parsers.parse("the briefing is at most {limit:d} characters long"))
def _(session_world: SessionWorld, limit: int) -> None:
    assert len(session_world.briefing) <= limit


@then("the briefing starts with Abzu's marker line")
def _(session_world: SessionWorld) -> None:
    assert session_world.briefing.splitlines()[0] == ABZU_CONTEXT_MARKER


@then(parsers.re(r'the briefing carries "(?P<text>[^"]+)"'))
def _(session_world: SessionWorld, text: str) -> None:
    assert text in session_world.briefing


@then(parsers.re(r'the briefing does not carry "(?P<text>[^"]+)"'))
def _(session_world: SessionWorld, text: str) -> None:
    assert text not in session_world.briefing


@then(parsers.parse('the briefing carries "{first}" before "{second}"'))
def _(session_world: SessionWorld, first: str, second: str) -> None:
    assert 0 <= session_world.briefing.index(first) < session_world.briefing.index(second)


@then("the briefing carries the latest snapshot without Claude Code's own summary")
def _(session_world: SessionWorld) -> None:
    # The sixth summary is Claude Code's own, of this compaction: already in its context.
    assert "Snapshot 6 of this session" in session_world.briefing
    assert "Round 6:" not in session_world.briefing


@then("the earlier summaries are condensed")
def _(session_world: SessionWorld) -> None:
    assert "Round 1: we decided to use approach 1." in session_world.briefing
    assert "Detail 1. Detail 1." not in session_world.briefing


@then("the collapse is recorded")
def _(session_world: SessionWorld) -> None:
    rows = session_world.query("SELECT collapsed, characters FROM injection_log WHERE event = 'post_compact'")
    assert rows == [(1, len(session_world.briefing))]


@then(parsers.parse('the session has one final summary that mentions "{text}"'))
@then(parsers.parse('session "{name}" has a final summary that mentions "{text}"'))
def _(session_world: SessionWorld, text: str, name: str = "") -> None:
    final = session_world.final(name or session_world.current)
    assert final is not None and text in (final.conversational_state or "")


@then("the session has one final summary")
@then(parsers.parse('session "{name}" has a final summary'))
def _(session_world: SessionWorld, name: str = "") -> None:
    session = name or session_world.current
    assert session_world.query("SELECT count(*) FROM session_summaries WHERE session_id = ? AND is_final = 1",
                               session) == [(1,)]


@then(parsers.parse('session "{name}" has no final summary'))
def _(session_world: SessionWorld, name: str) -> None:
    assert session_world.final(name) is None


@then("the session's compaction snapshots are gone")
def _(session_world: SessionWorld) -> None:
    assert session_world.query("SELECT count(*) FROM session_summaries WHERE session_id = ? AND is_final = 0",
                               session_world.current) == [(0,)]


@then("lessons from the session wait in staging for review")
@then(parsers.parse('lessons from session "{name}" wait in staging for review'))
def _(session_world: SessionWorld, name: str = "") -> None:
    rows = session_world.query("SELECT count(*) FROM bead_candidates WHERE session_id = ? AND source = ?",
                               name or session_world.current, "session_end")
    assert rows[0][0] >= 1


@then(parsers.parse("the project keeps {count:d} final summaries"))
def _(session_world: SessionWorld, count: int) -> None:
    assert session_world.query("SELECT count(*) FROM session_summaries WHERE is_final = 1") == [(count,)]


@then(parsers.parse('the memory "{text}" is gone'))
def _(session_world: SessionWorld, text: str) -> None:
    with session_world.container.uow() as uow:
        assert uow.beads.get(session_world.beads[text]) is None


@then(parsers.parse('the briefing shows the work of session "{name}", labelled as crashed'))
def _(session_world: SessionWorld, name: str) -> None:
    briefing = session_world.briefing
    assert f"The session {name} before this one CRASHED" in briefing
    assert "Files changed:" in briefing and "MultiEdit" not in briefing
    assert "previous session" not in briefing


@then("the briefing shows the last snapshot of the crashed session")
def _(session_world: SessionWorld) -> None:
    expected = "The previous session crashed ended without a final summary; its last snapshot"
    assert expected in session_world.briefing


@then(parsers.parse("the session status shows {recovered:d} recovered and {pending:d} pending"))
def _(session_world: SessionWorld, recovered: int, pending: int) -> None:
    counts = session_world.container.sessions.session_status().execute().counts
    assert (counts.recovered, counts.pending) == (recovered, pending)
