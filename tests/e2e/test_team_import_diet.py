"""Nothing of the team memory is imported by a user who never joined a team, and the hooks of one
who did read only the local copy: no SQLAlchemy, no psycopg, no server (issue 32)."""

import json
from pathlib import Path

import pytest

from abzu.adapters.team_cache.writer import SqliteTeamCache
from abzu.application.team.ports import TeamItem
from tests.builders import T0, bead
from tests.e2e.hook_driver import ClaudeCode
from tests.e2e.test_start_up_imports import imported_by

pytestmark = pytest.mark.e2e

TEAM = ("psycopg", "sqlalchemy.dialects.postgresql", "abzu.adapters.postgres", "abzu.adapters.team_cache",
        "abzu.entrypoints.wiring.team", "abzu.application.team")
START = json.dumps({"session_id": "s-diet", "hook_event_name": "SessionStart", "source": "startup"})


def team_modules(modules: set[str], *prefixes: str) -> set[str]:
    return {m for m in modules if m.startswith(prefixes)}


def test_a_user_without_a_team_loads_nothing_of_it(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    assert cc.cli("remember", "Pin the sqlite version in CI", "-c", "decision").returncode == 0
    for args, stdin in ((("recall", "sqlite"), None), (("hook", "session-start"), START)):
        modules, _ = imported_by(cc, list(args), stdin or "")
        assert team_modules(modules, *TEAM) == set(), args


def test_a_member_s_session_start_reads_the_local_copy_without_the_server_s_driver(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    assert cc.cli("remember", "The api suite needs redis", "-c", "learning").returncode == 0
    shared = bead("b-team", "Pin the Node version in CI for the api", project="api", created_at=T0)
    SqliteTeamCache(cc.home / "team" / "cache.db").replace([TeamItem(shared, "alice", "desk-1")], T0)
    cc.env["ABZU_TEAM_URL"] = "postgresql://alice@127.0.0.1:9/team"  # nobody listens there
    modules, out = imported_by(cc, ["hook", "session-start"], START)
    assert "team, by alice" in out
    assert "abzu.adapters.team_cache.reader" in modules
    assert team_modules(modules, "psycopg", "sqlalchemy", "abzu.adapters.postgres") == set()


def test_a_member_s_session_start_loads_no_more_of_abzu_than_a_start_without_a_team(tmp_path: Path) -> None:
    """The copy is read with what every start loads already, plus its reader: not the redaction
    engine (the rules of what may leave for the team) nor Alembic (the copy's schema)."""
    cc = ClaudeCode.at(tmp_path)
    assert cc.cli("remember", "The api suite needs redis", "-c", "learning").returncode == 0
    alone, _ = imported_by(cc, ["hook", "session-start"], START)
    shared = bead("b-team", "Pin the Node version in CI for the api", project="api", created_at=T0)
    SqliteTeamCache(cc.home / "team" / "cache.db").replace([TeamItem(shared, "alice", "desk-1")], T0)
    cc.env["ABZU_TEAM_URL"] = "postgresql://alice@127.0.0.1:9/team"  # nobody listens there
    joined, out = imported_by(cc, ["hook", "session-start"], START)
    assert "team, by alice" in out
    assert team_modules(joined - alone, "abzu.domain", "alembic") == set()
