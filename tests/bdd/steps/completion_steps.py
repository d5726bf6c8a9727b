"""Steps for features/project_completion.feature: the `abzu` CLI in process, a clock the scenario
moves, maintenance as the session-end pass runs it."""

import hashlib
import logging
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from dependency_injector import providers
from pytest_bdd import given, parsers, then, when

from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli, Run
from tests.enki_files import EM_SCHEMA, em_db
from tests.fakes import FixedClock


@dataclass
class CompletionWorld:
    container: Container
    home: Path
    clock: FixedClock
    cli: Cli
    em: Path = Path()
    digest: str = ""
    runs: list[Run] = field(default_factory=list)

    def complete(self, *extra: str) -> None:
        self.runs.append(self.cli("complete-project", "ledger", "--json", *extra))

    def staged(self) -> list[sqlite3.Row]:
        with sqlite3.connect(self.home / "abzu.db") as conn:
            conn.row_factory = sqlite3.Row
            return conn.execute("SELECT * FROM bead_candidates").fetchall()


@pytest.fixture
def completion_world(container: Container, abzu_home: Path) -> Iterator[CompletionWorld]:
    clock = FixedClock()
    container.clock.override(providers.Object(clock))
    yield CompletionWorld(container, abzu_home, clock, Cli(container))
    container.clock.reset_override()


@given("the project \"ledger\" has an em.db with two mail threads, a fixed bug, an open bug and a "
       "PM decision")
def _(completion_world: CompletionWorld) -> None:
    completion_world.em = em_db(completion_world.home / "projects" / "ledger" / "em.db")
    completion_world.digest = hashlib.sha256(completion_world.em.read_bytes()).hexdigest()


@when('the project "ledger" is completed')
def _(completion_world: CompletionWorld) -> None:
    completion_world.complete()


@when('the project "ledger" is completed with --keep')
def _(completion_world: CompletionWorld) -> None:
    completion_world.complete("--keep")


@when(parsers.parse('the project "ledger" is completed again {days:d} days later'))
def _(completion_world: CompletionWorld, days: int) -> None:
    completion_world.clock.advance(days=days)
    completion_world.complete()


@when(parsers.parse("maintenance runs {days:d} days later"))
def _(completion_world: CompletionWorld, days: int, caplog: pytest.LogCaptureFixture) -> None:
    completion_world.clock.advance(days=days)
    with caplog.at_level(logging.INFO, logger="abzu.enki"):
        completion_world.container.sessions.maintenance().execute()


@when("a project whose em.db lacks the bugs table is completed")
def _(completion_world: CompletionWorld) -> None:
    broken = completion_world.home / "broken-em.db"
    with sqlite3.connect(broken) as conn:
        conn.executescript(EM_SCHEMA.replace("CREATE TABLE bugs", "CREATE TABLE bug_reports"))
    conn.close()
    completion_world.runs.append(completion_world.cli("complete-project", "ledger", "--em-db", str(broken)))


@then(parsers.parse('staging holds for "{project}" the {category} "{text}"'))
def _(completion_world: CompletionWorld, project: str, category: str, text: str) -> None:
    rows = [r for r in completion_world.staged() if text in r["content"]]
    assert [(r["category"], r["project"], r["source"]) for r in rows] == [
        (category, project, "project_completion")], [dict(r) for r in completion_world.staged()]


@then("the open bug was not staged")
def _(completion_world: CompletionWorld) -> None:
    assert not [r for r in completion_world.staged() if "Slow export" in r["content"]]
    assert completion_world.runs[-1].json()["staged"] == 4


@then("every completion candidate names its thread, bug or decision")
def _(completion_world: CompletionWorld) -> None:
    provenance = sorted(r["context"] for r in completion_world.staged())
    assert provenance == ["em.db bug bug-1", "em.db decision d-1", "em.db thread t-1", "em.db thread t-2"]


@then("the em.db is unchanged")
def _(completion_world: CompletionWorld) -> None:
    assert hashlib.sha256(completion_world.em.read_bytes()).hexdigest() == completion_world.digest


@then(parsers.parse("the last completion staged {staged:d} and found {there:d} already there"))
def _(completion_world: CompletionWorld, staged: int, there: int) -> None:
    report = completion_world.runs[-1].json()
    assert (report["staged"], report["already_there"]) == (staged, there)
    assert len(completion_world.staged()) == there


@then("the completion date is still the first one")
def _(completion_world: CompletionWorld) -> None:
    first, last = (run.json() for run in completion_world.runs)
    assert last["completed_at"] == first["completed_at"] and last["delete_after"] == first["delete_after"]


@then("the em.db still exists")
def _(completion_world: CompletionWorld) -> None:
    assert completion_world.em.is_file()


@then("the em.db is gone and the deletion is logged")
def _(completion_world: CompletionWorld, caplog: pytest.LogCaptureFixture) -> None:
    assert not completion_world.em.exists()
    assert "em.db of ledger deleted: completed 2026-01-15, 30 days passed" in caplog.text


@then("the staged candidates remain")
def _(completion_world: CompletionWorld) -> None:
    assert len(completion_world.staged()) == 4


@then("the completion fails with a one-line error naming the missing bugs table")
def _(completion_world: CompletionWorld) -> None:
    run = completion_world.runs[-1]
    assert run.code == 1 and run.stderr.count("\n") == 1
    assert "not an em.db (no `bugs` table)" in run.stderr
