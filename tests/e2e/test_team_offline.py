"""A team server that is down or silent never blocks a hook, and recall still serves the local
memory plus the last copy of the team's (issue 32). The server here is the test's own cluster,
stopped halfway, then a socket that accepts and never answers."""

import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.hook_driver import ClaudeCode, context_of, eventually
from tests.pg_cluster import Cluster, server_binaries, start_cluster
from tests.team_fixtures import MISSING, migrate_template, new_database

pytestmark = [pytest.mark.team, pytest.mark.slow]

EDIT = {"tool_name": "Edit", "tool_input": {"file_path": "src/a.py", "old_string": "a", "new_string": "b"}}
HOOKS = {
    "session-start": {"hook_event_name": "SessionStart", "source": "startup"},
    "pre-tool-use": {"hook_event_name": "PreToolUse", **EDIT},
    "pre-compact": {"hook_event_name": "PreCompact", "trigger": "auto", "custom_instructions": ""},
    "post-compact": {"hook_event_name": "PostCompact", "trigger": "auto", "compact_summary": "We fixed CI."},
    "stop": {"hook_event_name": "Stop", "stop_hook_active": False},
    "session-end": {"hook_event_name": "SessionEnd", "reason": "prompt_input_exit"},
}


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """Its own: this test stops it, which the session's other tests must not see."""
    binaries = server_binaries()
    if binaries is None:
        pytest.skip(MISSING)
    cluster = start_cluster(binaries)
    try:
        migrate_template(cluster)
        yield cluster
    finally:
        cluster.remove()


def joined_machine(cluster: Cluster, tmp_path: Path) -> ClaudeCode:
    db = new_database(cluster)
    role = db.member("reviewer", "api", name="carol")
    cc = ClaudeCode.at(tmp_path)
    cc.env.update(ABZU_TEAM_PASSWORD=db.members[role], ABZU_TEAM_TIMEOUT_S="1", ABZU_TEAM_REFRESH_MINUTES="0")
    for args in (("team", "join", db.url(role)),
                 ("remember", "Pin the Node version in CI with an nvmrc file", "--category", "decision")):
        assert (done := cc.cli(*args)).returncode == 0, done.stderr
    assert (done := cc.cli("review", "--interactive", stdin="p\n")).returncode == 0, done.stderr
    assert (done := cc.cli("team", "push", "--yes")).returncode == 0, done.stderr
    # the team's copy is here now; the local store forgets its own bead, so only the copy has it
    bead = json.loads(cc.cli("recall", "nvmrc", "--json").stdout)["results"][0]["id"]
    assert cc.cli("forget", bead, "--yes").returncode == 0
    assert cc.cli("remember", "The api cache warmup needs the nvmrc version too", "--category",
                  "learning").returncode == 0
    db.engine.dispose()
    return cc


def recalled(cc: ClaudeCode) -> list[tuple[str, str | None]]:
    done = cc.cli("recall", "nvmrc version", "--json")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return sorted((r["text"][:20], r["author"]) for r in json.loads(done.stdout)["results"])


def test_hooks_exit_zero_and_recall_serves_local_and_cached_team_memory_without_the_server(
    own_cluster: Cluster, tmp_path: Path,
) -> None:
    cc = joined_machine(own_cluster, tmp_path)
    expected = [("Pin the Node version", "carol"), ("The api cache warmup", None)]
    assert recalled(cc) == expected
    own_cluster.stop()
    for event, payload in HOOKS.items():
        done = cc.hook(event, {"session_id": "s-offline", **payload})
        assert (done.returncode, done.stderr) == (0, ""), event
        if event == "session-start":
            assert "team, by carol" in context_of(done)
    assert recalled(cc) == expected
    assert "recall uses the local copy" in cc.log()
    # the session start asked for a refresh (due: ABZU_TEAM_REFRESH_MINUTES=0); it failed in the
    # background with one line, and the copy it could not replace is still there
    eventually(lambda: "team refresh failed" in cc.log())
    assert "Traceback" not in cc.log() and (cc.home / "team" / "cache.db").is_file()
    status = cc.cli("team", "status")
    assert status.returncode == 0 and "unreachable" in status.stdout
    assert "local copy: 1 memories" in status.stdout
    secret = cc.env["ABZU_TEAM_PASSWORD"]
    assert secret not in cc.log() + (cc.home / "config.toml").read_text(encoding="utf-8")


def hold(listener: socket.socket, held: list[socket.socket]) -> None:
    """Accepts connections and never answers a byte (until the test closes the listener)."""
    with contextlib.suppress(OSError):
        while True:
            held.append(listener.accept()[0])


def test_a_server_that_accepts_and_never_answers_leaves_recall_to_the_copy(
    own_cluster: Cluster, tmp_path: Path,
) -> None:
    cc = joined_machine(own_cluster, tmp_path)
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    held: list[socket.socket] = []
    threading.Thread(target=hold, args=(silent, held), daemon=True).start()
    try:
        address = f"postgresql://carol@127.0.0.1:{silent.getsockname()[1]}/team"
        assert cc.cli("config", "set", "team_url", address).returncode == 0
        assert recalled(cc)[0] == ("Pin the Node version", "carol")
        done = cc.hook("session-start", {"session_id": "s-silent", **HOOKS["session-start"]})
        assert done.returncode == 0 and "team, by carol" in context_of(done)
    finally:
        silent.close()
        for conn in held:
            conn.close()
