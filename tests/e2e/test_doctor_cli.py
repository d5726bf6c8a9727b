"""`abzu doctor` through the real CLI, on SQLite files in tmp_path."""

import json
import sqlite3
import stat
from contextlib import closing
from pathlib import Path

import pytest

from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.e2e.cli import Cli


@pytest.fixture
def cli(container: Container, abzu_home: Path) -> Cli:
    runner = Cli(container)
    assert runner("remember", "Always use WAL mode for SQLite readers", "-c", "preference").code == 0
    assert runner("remember", "Retry the deploy when the registry times out", "-c", "fix").code == 0
    for path in (abzu_home, *abzu_home.rglob("*")):  # as the store engineer's 0700/0600 will make them
        path.chmod(0o700 if path.is_dir() else 0o600)
    return runner


def sql(path: Path, *statements: str) -> None:
    with closing(sqlite3.connect(path)) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.commit()


def problems(run_json: dict[str, object]) -> dict[str, str]:
    return {f"{f['target']} {f['check']}": f["problem"]  # type: ignore[index]
            for f in run_json["findings"] if not f["ok"]}  # type: ignore[attr-defined]


def test_a_healthy_memory_exits_0(cli: Cli) -> None:
    run = cli("doctor", "--json")
    assert run.code == 0 and run.json()["healthy"] is True


def test_a_fresh_home_without_stores_is_healthy(tmp_path: Path) -> None:
    fresh = build_container(Settings(home=tmp_path / "never-used"), cwd=tmp_path)
    assert Cli(fresh)("doctor").code == 0
    assert not (tmp_path / "never-used" / "wisdom.db").exists()  # doctor looked; it created nothing


def test_an_index_out_of_step_with_its_table_is_found_and_rebuilt(cli: Cli, abzu_home: Path) -> None:
    sql(abzu_home / "abzu.db", "DROP TRIGGER candidates_ai",
        "INSERT INTO bead_candidates(id, content, category, content_hash, source) "
        "VALUES ('c-hidden', 'Rotate the signing keys quarterly', 'decision', 'h', 'manual')",
        "CREATE TRIGGER candidates_ai AFTER INSERT ON bead_candidates BEGIN SELECT 1; END")
    run = cli("doctor", "--json")
    assert run.code == 1
    assert "out of step" in problems(json.loads(run.stdout))["abzu.db index candidates_fts"]

    repaired = cli("doctor", "--repair")
    assert repaired.code == 0, repaired.stdout
    assert "candidates_fts rebuilt from bead_candidates" in repaired.stdout
    assert "Rotate the signing keys" in cli("recall", "signing keys", "--scope", "all").stdout


def test_loose_permissions_are_reported_and_tightened(cli: Cli, abzu_home: Path) -> None:
    (abzu_home / "wisdom.db").chmod(0o644)
    abzu_home.chmod(0o755)
    run = cli("doctor")
    assert run.code == 1 and "wisdom.db is 0644" in run.stdout

    assert cli("doctor", "--repair").code == 0
    assert stat.S_IMODE((abzu_home / "wisdom.db").stat().st_mode) == 0o600
    assert stat.S_IMODE(abzu_home.stat().st_mode) == 0o700


def test_a_schema_behind_head_is_a_problem_repair_cannot_fix(cli: Cli, abzu_home: Path) -> None:
    sql(abzu_home / "wisdom.db", "UPDATE alembic_version SET version_num = 'w0000'")
    run = cli("doctor", "--repair")
    assert run.code == 1
    assert "schema is at w0000" in run.stdout and "PROBLEM   wisdom.db  schema" in run.stdout


def test_a_supersession_pointing_nowhere_is_reported(cli: Cli, abzu_home: Path) -> None:
    sql(abzu_home / "wisdom.db", "PRAGMA foreign_keys = OFF", "UPDATE beads SET superseded_by = 'b-gone'")
    run = cli("doctor")
    assert run.code == 1 and "1 beads superseded by a missing bead" in run.stdout


def test_a_file_that_is_not_sqlite_is_reported_in_one_line(cli: Cli, abzu_home: Path) -> None:
    for suffix in ("-wal", "-shm"):
        (abzu_home / f"abzu.db{suffix}").unlink(missing_ok=True)
    (abzu_home / "abzu.db").write_bytes(b"not a database at all" * 100)
    run = cli("doctor")
    assert run.code == 1 and "abzu.db" in run.stdout and "Traceback" not in run.stdout + run.stderr


def test_a_dropped_history_trigger_is_found_and_recreated(cli: Cli, abzu_home: Path) -> None:
    sql(abzu_home / "wisdom.db", "DROP TRIGGER beads_ev_star")
    run = cli("doctor")
    assert run.code == 1 and "missing beads_ev_star" in run.stdout
    assert cli("doctor", "--repair").code == 0
    bead = json.loads(cli("export").stdout.splitlines()[2])["id"]
    cli("star", bead)
    assert [e["event"] for e in cli("history", bead, "--json").json()["events"]] == ["created", "starred"]


def test_a_bead_gone_without_a_trace_in_history_is_an_orphan_event(cli: Cli, abzu_home: Path) -> None:
    sql(abzu_home / "wisdom.db", "DROP TRIGGER beads_ev_delete", "DELETE FROM beads")
    run = cli("doctor")
    assert run.code == 1 and "1 beads with history but no row and no 'deleted' event" in run.stdout


def test_a_repair_changes_no_memory_so_records_no_event_and_leaves_no_name(cli: Cli, abzu_home: Path) -> None:
    def events(db: str) -> list[tuple[str, str | None]]:
        with closing(sqlite3.connect(abzu_home / db)) as conn:
            assert conn.execute("SELECT count(*) FROM event_actor").fetchone() == (0,)
            return conn.execute("SELECT event, who FROM memory_events ORDER BY seq").fetchall()

    sql(abzu_home / "wisdom.db", "DROP TRIGGER beads_ev_star", "DROP TRIGGER beads_ai")
    before = {db: events(db) for db in ("wisdom.db", "abzu.db")}
    assert cli("doctor", "--repair").code == 0
    assert {db: events(db) for db in ("wisdom.db", "abzu.db")} == before
    assert before["wisdom.db"] == [("created", "cli")]
