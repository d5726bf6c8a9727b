"""Project identity through the real container: a repository is one project, wherever it is opened."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.integration.gitrepos import add_worktree, new_repo


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
