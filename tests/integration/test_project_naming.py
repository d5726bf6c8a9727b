"""Project identity through the real container: a repository is one project, wherever it is opened."""

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from abzu.adapters.sqlite.anchor_reader import Sqlite3AnchoredMemories
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from abzu.entrypoints.wiring.hook_cases import HookUseCases
from tests.fakes import present
from tests.integration.gitrepos import add_worktree, git, new_repo


@pytest.fixture
def opened(abzu_home: Path) -> Iterator[list[Container]]:
    containers: list[Container] = []
    yield containers
    for c in containers:
        c.shutdown_resources()


def at(opened: list[Container], home: Path, cwd: Path) -> Container:
    container = build_container(Settings(home=home), cwd=cwd)
    opened.append(container)
    return container


def remember(c: Container, text: str, **kw: object) -> str | None:
    return c.remember().execute(RememberRequest(text, "decision", **kw)).unwrap().project  # type: ignore[arg-type]


def recalled(c: Container, query: str) -> list[str]:
    return [h.hit.content for h in c.recall().execute(RecallRequest(query)).unwrap().hits]


def test_two_repositories_named_alike_get_distinct_projects_and_never_share_memory(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    first = at(opened, abzu_home, new_repo(tmp_path / "work" / "api"))
    second = at(opened, abzu_home, new_repo(tmp_path / "oss" / "api"))
    assert remember(first, "Billing retries use exponential backoff") == "api"
    assert remember(second, "Pagination uses opaque cursors") == "api-2"
    assert recalled(second, "backoff") == []
    assert recalled(first, "cursors") == []
    assert recalled(first, "backoff") == ["Billing retries use exponential backoff"]


def test_the_same_repository_opened_twice_keeps_its_name_and_memory(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    repo = new_repo(tmp_path / "api")
    assert remember(at(opened, abzu_home, repo), "Billing retries use exponential backoff") == "api"
    again = at(opened, abzu_home, repo / ".git" / "..")
    assert recalled(again, "backoff") == ["Billing retries use exponential backoff"]
    assert remember(again, "Pagination uses opaque cursors") == "api"


def test_a_worktree_shares_the_memory_of_its_repository(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    repo = new_repo(tmp_path / "api")
    remember(at(opened, abzu_home, repo), "Billing retries use exponential backoff")
    worktree = at(opened, abzu_home, add_worktree(repo, tmp_path / "api-hotfix"))
    assert recalled(worktree, "backoff") == ["Billing retries use exponential backoff"]


def test_a_repository_adopts_memories_stored_under_its_name_from_elsewhere(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    elsewhere = tmp_path / "notes"
    elsewhere.mkdir()
    assert remember(at(opened, abzu_home, elsewhere), "Billing retries use backoff", project="api") == "api"
    repo = at(opened, abzu_home, new_repo(tmp_path / "api"))
    assert recalled(repo, "backoff") == ["Billing retries use backoff"]


# A repository is known by its remote wherever it is checked out (issue 29, defect 6)
def checkout(path: Path, remote: str | None) -> Path:
    repo = new_repo(path)
    if remote is not None:
        git(repo, "remote", "add", "origin", remote)
    return repo


def registered(home: Path) -> list[tuple[str, str | None]]:
    with closing(sqlite3.connect(home / "wisdom.db")) as conn:
        return conn.execute("SELECT name, remote FROM projects ORDER BY name").fetchall()


def test_two_checkouts_of_one_repository_share_one_project(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    first = at(opened, abzu_home, checkout(tmp_path / "a" / "src" / "api", "git@github.com:org/api.git"))
    second = at(opened, abzu_home, checkout(tmp_path / "b" / "code" / "api", "https://github.com/org/api"))
    assert remember(first, "Billing retries use exponential backoff") == "api"
    assert recalled(second, "backoff") == ["Billing retries use exponential backoff"]
    assert remember(second, "Pagination uses opaque cursors") == "api"
    assert registered(abzu_home) == [("api", "github.com/org/api")]


def test_repositories_named_alike_with_different_remotes_stay_apart(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    first = at(opened, abzu_home, checkout(tmp_path / "a" / "api", "git@github.com:org/api.git"))
    second = at(opened, abzu_home, checkout(tmp_path / "b" / "api", "git@github.com:fork/api.git"))
    assert remember(first, "Billing retries use exponential backoff") == "api"
    assert remember(second, "Pagination uses opaque cursors") == "api-2"
    assert recalled(second, "backoff") == []


def test_a_credential_in_the_remote_is_never_stored(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    repo = checkout(tmp_path / "api", "https://deploy:ghp_s3cr3tT0ken@github.com/org/api.git")
    remember(at(opened, abzu_home, repo), "Billing retries use exponential backoff")
    assert registered(abzu_home) == [("api", "github.com/org/api")]
    assert b"s3cr3t" not in (abzu_home / "wisdom.db").read_bytes()


def test_a_project_registered_before_remotes_records_its_remote_on_the_next_write(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    repo = checkout(tmp_path / "a" / "api", None)
    remember(at(opened, abzu_home, repo), "Billing retries use exponential backoff")
    git(repo, "remote", "add", "origin", "git@github.com:org/api.git")  # as if before w0014
    recalled(at(opened, abzu_home, repo), "backoff")
    clone = at(opened, abzu_home, checkout(tmp_path / "b" / "api", "https://github.com/org/api.git"))
    assert recalled(clone, "backoff") == ["Billing retries use exponential backoff"]


def test_the_hooks_find_a_second_checkout_s_project_by_its_remote(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    first = at(opened, abzu_home, checkout(tmp_path / "a" / "api", "git@github.com:org/api.git"))
    remember(first, "The api retries use exponential backoff")
    second = checkout(tmp_path / "b" / "api", "https://github.com/org/api")
    with closing(sqlite3.connect(abzu_home / "wisdom.db")) as conn, conn:  # `abzu profile set` for api
        conn.execute("INSERT INTO user_profile (key, value, source, project_id) "
                     "VALUES ('indent', 'tabs in Makefiles', 'explicit', 'api')")
    start = HookUseCases.for_hook(str(abzu_home), str(second)).session_start()
    briefing = start.execute(SessionStartRequest("s-1", tier="full"))
    assert briefing.project == "api"
    assert "exponential backoff" in briefing.text and "tabs in Makefiles" in briefing.text
    assert Sqlite3AnchoredMemories(abzu_home / "wisdom.db", abzu_home / "abzu.db").project_for_root(
        str(second.resolve())) == "api"


def test_a_journaled_session_of_a_second_checkout_counts_for_its_project(
    tmp_path: Path, abzu_home: Path, opened: list[Container]
) -> None:
    remember(at(opened, abzu_home, checkout(tmp_path / "a" / "api", "git@github.com:org/api.git")), "Use WAL")
    second = at(opened, abzu_home, checkout(tmp_path / "b" / "api", "https://github.com/org/api"))
    second.sessions.inject_session_start().execute(SessionStartRequest("s-2", "startup"))
    second.sessions.ingest_spool().execute()
    with second.sessions.uow() as uow:
        assert present(uow.sessions.get("s-2")).project == "api"
    assert [name for name, _ in registered(abzu_home)] == ["api"]
