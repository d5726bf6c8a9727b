"""Issue 29, defect 6, as the user met it: export in `A/src/api`, import on another machine, work
in `B/src/api`. The project must survive the move (recall without `--scope all` finds the
imported memories), by the repository's remote when it has one, by the folder name otherwise."""

import json
import os
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.e2e.hook_driver import ClaudeCode, context_of
from tests.integration.gitrepos import git

pytestmark = pytest.mark.e2e

DECISION = "The api retries use exponential backoff"
PREFERENCE = "Prefer small pull requests for the api"


def machine(tmp_path: Path, name: str, folder: str, remote: str | None) -> ClaudeCode:
    """One machine: its own data home, working in a git checkout at `folder`."""
    project = tmp_path / folder
    project.mkdir(parents=True, exist_ok=True)
    if not (project / ".git").exists():
        git(project, "init", "-q")
        if remote is not None:
            git(project, "remote", "add", "origin", remote)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ABZU_", "CLAUDE_"))}
    env.update(ABZU_HOME=str(tmp_path / name), HOME=str(tmp_path / f"{name}-user"),
               ABZU_RECOVERY_IDLE_MINUTES="0")
    return ClaudeCode(tmp_path / name, project, env)


def exported_from(cc: ClaudeCode, out: Path) -> Path:
    """The memory of `cc`'s machine, exported; its checkout is not on the next machine."""
    for text, category in ((DECISION, "decision"), (PREFERENCE, "preference")):
        assert cc.cli("remember", text, "-c", category).returncode == 0
    assert cc.cli("export", "--out", str(out)).returncode == 0
    shutil.rmtree(cc.project)
    return out


def recalled(cc: ClaudeCode, *args: str) -> dict[str, str]:
    """What `abzu recall api` finds here: text -> project."""
    done = cc.cli("recall", "api", "--json", *args)
    assert done.returncode == 0, done.stderr
    return {r["text"]: r["project"] for r in json.loads(done.stdout)["results"]}


def projects(cc: ClaudeCode) -> list[tuple[str, str | None]]:
    with closing(sqlite3.connect(cc.home / "wisdom.db")) as conn:
        return conn.execute("SELECT name, remote FROM projects ORDER BY name").fetchall()


def test_the_same_remote_at_another_path_on_another_machine_is_the_same_project(tmp_path: Path) -> None:
    first = machine(tmp_path, "home-a", "A/src/api", "git@github.com:org/api.git")
    memory = exported_from(first, tmp_path / "memory.jsonl")
    other = machine(tmp_path, "home-b", "B/src/api", "https://github.com/org/api")
    assert other.cli("import", str(memory)).returncode == 0
    assert recalled(other) == {DECISION: "api", PREFERENCE: "api"}  # no --scope all
    done = other.hook("session-start", {"session_id": "s-b", "hook_event_name": "SessionStart",
                                        "source": "startup"})
    assert done.returncode == 0 and 'for project "api"' in context_of(done)
    assert PREFERENCE in context_of(done)
    assert projects(other) == [("api", "github.com/org/api")]  # no api-2
    again = other.cli("import", str(memory), "--json")
    assert json.loads(again.stdout)["added"] == 0


def test_another_repository_with_the_same_folder_name_stays_another_project(tmp_path: Path) -> None:
    first = machine(tmp_path, "home-a", "A/src/api", "git@github.com:org/api.git")
    memory = exported_from(first, tmp_path / "memory.jsonl")
    fork = machine(tmp_path, "home-b", "B/src/api", "git@github.com:fork/api.git")
    assert fork.cli("remember", "Pagination uses opaque cursors", "-c", "decision").returncode == 0
    done = fork.cli("import", str(memory))
    assert done.returncode == 0 and "project api imported as api-2" in done.stdout
    assert recalled(fork) == {}
    assert recalled(fork, "--project", "api-2") == {DECISION: "api-2", PREFERENCE: "api-2"}


def test_without_a_remote_the_folder_name_decides(tmp_path: Path) -> None:
    first = machine(tmp_path, "home-a", "A/src/api", None)
    memory = exported_from(first, tmp_path / "memory.jsonl")
    other = machine(tmp_path, "home-b", "B/src/api", None)
    assert other.cli("import", str(memory)).returncode == 0
    assert recalled(other) == {DECISION: "api", PREFERENCE: "api"}
    second = machine(tmp_path, "home-b", "C/src/api", None)  # a second root named alike: as before
    stored = second.cli("remember", "Pagination uses opaque cursors", "-c", "decision", "--json")
    assert json.loads(stored.stdout)["project"] == "api-2"
    assert recalled(second) == {}


def test_as_project_chooses_where_the_memories_go(tmp_path: Path) -> None:
    memory = exported_from(machine(tmp_path, "home-a", "A/src/api", None), tmp_path / "memory.jsonl")
    other = machine(tmp_path, "home-b", "B/src/service", None)
    wrong = other.cli("import", str(memory), "--as-project", "web=site")
    assert wrong.returncode == 1 and wrong.stderr == (
        "error: --as-project web=site: the file holds no project 'web' (api)\n")
    done = other.cli("import", str(memory), "--as-project", "service")
    assert done.returncode == 0 and "project api imported as service" in done.stdout
    assert recalled(other) == {DECISION: "service", PREFERENCE: "service"}
