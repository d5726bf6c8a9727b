"""Who made a change (issue 15): the unit of work names its writer for the history triggers."""

import sqlite3
from contextlib import closing
from pathlib import Path

from abzu.application.remember import RememberRequest
from abzu.entrypoints.actor import current_actor
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container


def who(home: Path, db: str = "abzu.db") -> list[tuple[str, str | None]]:
    with closing(sqlite3.connect(home / db)) as conn:
        return conn.execute("SELECT event, who FROM memory_events ORDER BY seq").fetchall()


def test_the_front_door_is_named_and_never_left_behind_for_an_unnamed_writer(
    container: Container, abzu_home: Path,
) -> None:
    container.remember().execute(RememberRequest("Retry the deploy on registry timeouts", "fix")).unwrap()
    with closing(sqlite3.connect(abzu_home / "abzu.db")) as conn:  # a writer that names nobody
        conn.execute("DELETE FROM bead_candidates")
        conn.commit()
        assert conn.execute("SELECT count(*) FROM event_actor").fetchone() == (0,)
    assert who(abzu_home) == [("staged", "cli"), ("left staging", None)]


def test_mcp_and_review_writers_name_themselves(abzu_home: Path, repo: Path) -> None:
    mcp = build_container(Settings(home=abzu_home), cwd=repo, actor="mcp")
    try:
        staged = mcp.remember().execute(RememberRequest("Pin the Node version in CI", "decision")).unwrap()
        bead = mcp.review.promote_candidate().execute(staged.id).unwrap().bead_id
        mcp.review.flag_for_deletion().execute(bead, "outdated").unwrap()
    finally:
        mcp.shutdown_resources()
    assert who(abzu_home) == [("staged", "mcp"), ("left staging", "review:human")]
    assert who(abzu_home, "wisdom.db") == [
        ("promoted", "review:human"), ("derived", "review:human"), ("flagged", "review:human")]


def test_a_rolled_back_write_leaves_no_name_behind(container: Container, abzu_home: Path) -> None:
    with container.uow() as uow:
        uow.candidates.staged(limit=1)  # opens the write transaction, names the writer
    with closing(sqlite3.connect(abzu_home / "abzu.db")) as conn:
        assert conn.execute("SELECT count(*) FROM event_actor").fetchone() == (0,)


def test_the_background_processes_of_hooks_say_hook_and_anything_else_is_cli() -> None:
    assert current_actor({"ABZU_ACTOR": "hook"}) == "hook"
    assert current_actor({"ABZU_ACTOR": "review:gemini"}) == "cli"  # only front doors come from outside
    assert current_actor({}) == "cli"
