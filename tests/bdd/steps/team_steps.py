"""Steps of features/team_memory.feature: real machines (data homes, the installed `abzu`, the
SessionStart hook as Claude Code runs it) around a real PostgreSQL cluster (tests/team_fixtures.py)."""

import secrets
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when
from sqlalchemy import text

from abzu.adapters.postgres.team_server import PgTeamServer
from abzu.application.team.ports import TeamRefused
from abzu.domain.team import SharedMemory
from tests.builders import bead
from tests.e2e.hook_driver import ABZU, ClaudeCode, context_of
from tests.team_fixtures import TeamDb


@pytest.fixture
def team(team_db: TeamDb) -> dict[str, Any]:
    """The scenario's world: login roles by their scenario names, machines, the last refusal."""
    return {"db": team_db, "roles": {}, "machines": {}, "refused": None}


@given(parsers.parse('a team server where "{reviewer}" reviews and "{reader}" reads the project "{project}"'))
def _(team: dict[str, Any], reviewer: str, reader: str, project: str) -> None:
    db: TeamDb = team["db"]
    for person, role in ((reviewer, "reviewer"), (reader, "reader")):
        team["roles"][person] = db.member(role, project, name=f"{person}_{secrets.token_hex(3)}")


def _machine(team: dict[str, Any], name: str, tmp_path: Path, person: str) -> ClaudeCode:
    machine = ClaudeCode.at(tmp_path / name)
    role = team["roles"][person]
    machine.env["ABZU_TEAM_PASSWORD"] = team["db"].members[role]
    joined = machine.cli("team", "join", team["db"].url(role))
    assert joined.returncode == 0, joined.stderr
    team["machines"][name] = machine
    return machine


@given(parsers.parse('machine "{name}" joined the team as "{person}"'))
def _(team: dict[str, Any], tmp_path: Path, name: str, person: str) -> None:
    _machine(team, name, tmp_path, person)


@given(parsers.parse('machine "{name}" joined the team as "{person}" and has worked on its project'))
def _(team: dict[str, Any], tmp_path: Path, name: str, person: str) -> None:
    machine = _machine(team, name, tmp_path, person)
    done = machine.cli("remember", "The api test suite needs a local redis", "--category", "learning")
    assert done.returncode == 0, done.stderr


def _run(machine: ClaudeCode, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    done = subprocess.run([ABZU, *args], input=stdin, capture_output=True, text=True, cwd=machine.project,
                          env=machine.env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done


@when(parsers.parse('machine "{name}" promotes "{content}" in its project'))
def _(team: dict[str, Any], name: str, content: str) -> None:
    machine = team["machines"][name]
    _run(machine, "remember", content, "--category", "decision")
    _run(machine, "review", "--interactive", stdin="p\n")


@when(parsers.parse('machine "{name}" remembers the preference "{content}"'))
def _(team: dict[str, Any], name: str, content: str) -> None:
    _run(team["machines"][name], "remember", content, "--category", "preference")


@when(parsers.parse('machine "{name}" shares its project with the team'))
def _(team: dict[str, Any], name: str) -> None:
    shared = _run(team["machines"][name], "team", "push", "--yes")
    assert "kept here: a preference is one person's" in shared.stdout


@when(parsers.parse('machine "{name}" refreshes its copy of the team\'s memories'))
def _(team: dict[str, Any], name: str) -> None:
    _run(team["machines"][name], "team", "refresh")


@then(parsers.parse('machine "{name}"\'s session start shows "{content}" written by "{person}"'))
def _(team: dict[str, Any], name: str, content: str, person: str) -> None:
    machine: ClaudeCode = team["machines"][name]
    started = machine.hook("session-start", {"session_id": "s-team-1", "hook_event_name": "SessionStart",
                                             "source": "startup"})
    assert started.returncode == 0 and started.stderr == "", started.stderr
    briefing = context_of(started)
    assert content in briefing, briefing
    line = next(x for x in briefing.splitlines() if "team, by" in x)
    assert f"team, by {team['roles'][person]}" in line


@then(parsers.parse('the team server holds no trace of "{first}" nor of "{second}"'))
def _(team: dict[str, Any], first: str, second: str) -> None:
    every = "SELECT coalesce(string_agg(t::text, ' '), '') FROM {} t"
    with team["db"].engine.connect() as conn:
        dump = " ".join(conn.execute(text(every.format(table))).scalar()
                        for table in ("beads", "bead_candidates", "memory_events", "projects"))
    assert "Pin the Node version" in dump  # what was shared is there
    assert first.lower() not in dump.lower() and second not in dump


def _server(team: dict[str, Any], person: str) -> PgTeamServer:
    from tests.integration.team.helpers import server

    return server(team["db"], team["roles"][person])


@given(parsers.parse('"{person}" staged "{content}" for a team reviewer'))
def _(team: dict[str, Any], person: str, content: str) -> None:
    _server(team, person).share([SharedMemory.of(bead("c-staged", content))], stage=True)


@when(parsers.parse('"{person}" stages "{content}" straight on the team server'))
def _(team: dict[str, Any], person: str, content: str) -> None:
    try:
        _server(team, person).share([SharedMemory.of(bead("c-new", content))], stage=True)
    except TeamRefused as refused:
        team["refused"] = refused


@when(parsers.parse('"{person}" promotes the staged memory straight on the team server'))
def _(team: dict[str, Any], person: str) -> None:
    try:
        _server(team, person).promote("c-staged", "b-promoted")
    except TeamRefused as refused:
        team["refused"] = refused


@then("the team server refuses it")
def _(team: dict[str, Any]) -> None:
    refused, team["refused"] = team["refused"], None
    assert refused is not None and "permission denied" in str(refused)


@then(parsers.parse("the team server still holds {beads:d} beads and {staged:d} staged memory"))
def _(team: dict[str, Any], beads: int, staged: int) -> None:
    counts = _server(team, next(iter(team["roles"]))).counts()
    assert (counts.beads, counts.staged) == (beads, staged)
