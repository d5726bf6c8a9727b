"""Issue 29.2: staged memories stay found when the query holds a word that matches nothing (a
typo, an extra word, the project name the session start adds), through the installed command and
a SessionStart hook run as Claude Code runs it."""

import json
from pathlib import Path

import pytest

from tests.e2e.hook_driver import ClaudeCode, context_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

STAGED = [
    ("Refresh token rotation: issue a new refresh token on every use, revoke the old one", "decision"),
    ("Refresh token rotation failed when two tabs refreshed at once; added a grace window", "fix"),
    ("Refresh token rotation needs the token family id stored server side", "learning"),
]
PREFERENCES = ["Prefer refresh token rotation over long-lived sessions", "Use WAL for SQLite",
               "Run ruff before committing", "Keep functions short"]


@pytest.fixture
def cc(tmp_path: Path) -> ClaudeCode:
    cc = ClaudeCode.at(tmp_path)
    for text, category in STAGED:
        assert cc.cli("remember", text, "--category", category).returncode == 0
    for text in PREFERENCES:
        assert cc.cli("remember", text, "--category", "preference").returncode == 0
    return cc


def recalled(cc: ClaudeCode, query: str) -> list[str]:
    done = cc.cli("recall", query, "--json")
    assert done.returncode == 0, done.stderr
    return [r["text"] for r in json.loads(done.stdout)["results"]]


@pytest.mark.parametrize("query", ["refresh token rotation", "refresh token rotation auth"])
def test_a_word_that_matches_nothing_does_not_hide_the_staged_matches(cc: ClaudeCode, query: str) -> None:
    found = recalled(cc, query)
    assert sorted(found) == sorted([PREFERENCES[0], *(text for text, _ in STAGED)])


def test_a_full_session_start_lists_the_staged_matches_of_its_goal(cc: ClaudeCode) -> None:
    enki = cc.project / ".enki"
    enki.mkdir()
    (enki / "tier").write_text("full\n", encoding="utf-8")
    (enki / "goal").write_text("Refresh token rotation\n", encoding="utf-8")
    start = cc.hook("session-start", {"session_id": "sess-1", "transcript_path": "",
                                      "hook_event_name": "SessionStart", "source": "startup"})
    assert (start.returncode, start.stderr) == (0, "")
    memory = context_of(start).split("Relevant memory", 1)[1]
    assert all(text in memory for text, _ in STAGED)
    assert memory.count("staged candidate, not yet reviewed") == len(STAGED)
    assert PREFERENCES[0] in memory
