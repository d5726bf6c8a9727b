"""Steps for features/migrate_enki.feature, driven through the `abzu` CLI in process."""

import hashlib
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, then, when

from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli, Run
from tests.enki_files import old_enki_store

OLD_SECRET = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
OLD_BEADS = [
    ("1", "Decided to keep one SQLite file per store", "decision", "p1"),
    ("2", "Learned that WAL mode needs a busy timeout", "learning", "p1"),
    ("3", f"Fixed the deploy by rotating the token {OLD_SECRET}", "solution", "p2"),
    ("4", "Violated the rule: never push straight to main", "violation", None),
    ("5", "   ", "learning", "p1"),
    ("6", "[REDACTED] [REDACTED:github-token:ab12]", "decision", "p1"),
]
OLD_PROJECTS = [("p1", "atlas", "/src/atlas"), ("p2", "borealis", None)]


@dataclass
class EnkiWorld:
    container: Container
    tmp: Path
    cli: Cli
    runs: list[Run] = field(default_factory=list)
    old_store: Path | None = None
    old_digest: str = ""

    def staged(self) -> list[sqlite3.Row]:
        with sqlite3.connect(self.tmp / "abzu-home" / "abzu.db") as conn:
            conn.row_factory = sqlite3.Row
            return conn.execute("SELECT * FROM bead_candidates ORDER BY content").fetchall()


@pytest.fixture
def enki_world(container: Container, tmp_path: Path) -> EnkiWorld:
    return EnkiWorld(container, tmp_path, Cli(container))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@given("an old Enki store with a decision, a learning, a solution, a violation, an empty bead and a "
       "redacted bead")
def _(enki_world: EnkiWorld) -> None:
    enki_world.old_store = old_enki_store(enki_world.tmp / "old-wisdom.db", OLD_BEADS, OLD_PROJECTS)
    enki_world.old_digest = _digest(enki_world.old_store)


@when("I migrate the old Enki store")
def _(enki_world: EnkiWorld) -> None:
    enki_world.runs.append(enki_world.cli("migrate-enki", str(enki_world.old_store), "--json"))


@when("I migrate a file that has no beads table")
def _(enki_world: EnkiWorld) -> None:
    other = enki_world.tmp / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE notes (id TEXT)").connection.close()
    enki_world.runs.append(enki_world.cli("migrate-enki", str(other)))


@then(parsers.parse("the migration reports {read:d} read, {staged:d} staged and {skipped:d} skipped"))
def _(enki_world: EnkiWorld, read: int, staged: int, skipped: int) -> None:
    report = enki_world.runs[-1].json()
    assert (report["read"], report["staged"], sum(report["skipped"].values())) == (read, staged, skipped)
    assert report["skipped"] == {"empty": 1, "redacted": 1}


@then(parsers.parse("the last migration reports {staged:d} staged and {there:d} already there"))
def _(enki_world: EnkiWorld, staged: int, there: int) -> None:
    report = enki_world.runs[-1].json()
    assert (report["staged"], report["already_there"]) == (staged, there)
    assert len(enki_world.staged()) == 4


@then("staging holds the decision as a decision, the solution as a fix and the violation as a learning")
def _(enki_world: EnkiWorld) -> None:
    by_start = {row["content"].split()[0]: (row["category"], row["project"]) for row in enki_world.staged()}
    assert by_start == {
        "Decided": ("decision", "atlas"), "Learned": ("learning", "atlas"),
        "Fixed": ("fix", "borealis"), "Violated": ("learning", None),
    }


@then("every migrated candidate says it came from the migration")
def _(enki_world: EnkiWorld) -> None:
    rows = enki_world.staged()
    assert {r["source"] for r in rows} == {"migration"}
    assert all(r["context"].startswith("migrated from Enki bead ") for r in rows)


@then("no migrated bead reached permanent memory")
def _(enki_world: EnkiWorld) -> None:
    status = enki_world.cli("status", "--json").json()
    assert status["beads"] == 0 and status["staged"] == 4, status


@then("the old projects are known by name")
def _(enki_world: EnkiWorld) -> None:
    with sqlite3.connect(enki_world.tmp / "abzu-home" / "wisdom.db") as conn:
        known = dict(conn.execute("SELECT name, path FROM projects").fetchall())
    assert known["atlas"] == "/src/atlas" and "borealis" in known


@then("the old Enki store is unchanged")
def _(enki_world: EnkiWorld) -> None:
    assert enki_world.old_store is not None and _digest(enki_world.old_store) == enki_world.old_digest


@then("no staged candidate contains the old store's secret")
def _(enki_world: EnkiWorld) -> None:
    fixed = [r["content"] for r in enki_world.staged() if r["content"].startswith("Fixed")]
    assert fixed and OLD_SECRET not in fixed[0] and "[REDACTED:" in fixed[0]


@then("the migration fails with a one-line error naming the missing beads table")
def _(enki_world: EnkiWorld) -> None:
    run = enki_world.runs[-1]
    assert run.code == 1 and run.stderr.count("\n") == 1
    assert "not an old Enki store" in run.stderr and "no `beads` table" in run.stderr
