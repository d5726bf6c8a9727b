"""`abzu scrub` through the real CLI, on SQLite files in tmp_path."""

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from abzu.entrypoints.wiring.container import Container
from tests.canaries import Canaries
from tests.e2e.cli import Cli
from tests.scrub_planting import PLANTED_ITEMS, SURVIVING_WORD, files_holding, plant_everywhere


@pytest.fixture
def cli(container: Container) -> Cli:
    return Cli(container)


@pytest.fixture
def canaries(container: Container, abzu_home: Path) -> Canaries:
    planted = Canaries.fresh()
    plant_everywhere(container, abzu_home, planted)
    return planted


def test_scrub_cleans_an_existing_store_and_says_how_much_changed(cli: Cli, abzu_home: Path, canaries):
    run = cli("scrub")

    assert run.code == 0, run.stderr
    assert "item(s) changed of" in run.stdout and "beads" in run.stdout
    assert files_holding(abzu_home, canaries) == []
    recalled = cli("recall", SURVIVING_WORD, "--scope", "all", "--json").json()
    assert {r["id"] for r in recalled["results"]} == {"b-planted", "c-planted"}
    assert canaries.github not in run.stdout + run.stderr


def test_dry_run_reports_and_writes_nothing(cli: Cli, abzu_home: Path, canaries: Canaries):
    run = cli("scrub", "--dry-run", "--json")

    report = run.json()
    assert report["dry_run"] is True and report["changed"] == PLANTED_ITEMS
    with closing(sqlite3.connect(abzu_home / "abzu.db")) as conn:
        assert canaries.aws in conn.execute("SELECT context FROM bead_candidates").fetchone()[0]


def test_json_lists_every_place_and_a_second_run_finds_nothing(cli: Cli, canaries: Canaries):
    first = cli("scrub", "--json").json()
    second = cli("scrub", "--json").json()

    places = {(c["target"], c["place"]) for c in first["counts"]}
    assert {("wisdom.db", "beads"), ("abzu.db", "review_archive"), ("logs", "abzu.log"),
            ("spool", "entries")} <= places
    assert first["changed"] == sum(c["changed"] for c in first["counts"]) > 0
    assert second["changed"] == 0 and second["problems"] == []


def test_a_snapshot_that_cannot_be_read_is_one_error_line_and_exit_1(cli: Cli, abzu_home: Path):
    broken = abzu_home / "snapshots" / "wisdom-20260101T000000000000-broken.db"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_bytes(b"not a database at all" * 100)

    run = cli("scrub")

    assert run.code == 1
    assert run.stderr.strip().splitlines() == [
        f"error: snapshot {broken.name} could not be scrubbed (file is not a database): "
        "delete it if you do not need `abzu review --undo`"]


def test_help_explains_what_is_touched(cli: Cli):
    run = cli("scrub", "--help")

    assert run.code == 0
    for words in ("wisdom.db", "abzu.db", "snapshots", "log files", "spool", "--dry-run", "vacuumed"):
        assert words in run.stdout
