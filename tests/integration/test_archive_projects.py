"""Import lands an exported project in the same repository's project here (issue 29, defect 6)."""

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.domain.archive import ArchiveError
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.integration.gitrepos import git, new_repo

ORIGIN = "git@github.com:org/api.git"


class Machines:
    """Data homes (one per machine) working in git checkouts under tmp_path."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path, self.opened = tmp_path, list[Container]()

    def __call__(self, home: str, folder: str, remote: str | None = ORIGIN) -> Container:
        repo = self.tmp_path / folder
        if not repo.exists():
            new_repo(repo)
            if remote is not None:
                git(repo, "remote", "add", "origin", remote)
        container = build_container(Settings(home=self.tmp_path / home), cwd=repo)
        self.opened.append(container)
        return container


@pytest.fixture
def machine(tmp_path: Path) -> Iterator[Machines]:
    machines = Machines(tmp_path)
    yield machines
    for c in machines.opened:
        c.shutdown_resources()


def exported(c: Container) -> list[str]:
    return list(c.trust.export_memory().execute())


def recalled(c: Container, query: str) -> list[tuple[str, str | None]]:
    return [(h.hit.content, h.hit.project) for h in c.recall().execute(RecallRequest(query)).unwrap().hits]


def projects(c: Container) -> list[tuple[str, str | None]]:
    with closing(sqlite3.connect(Path(c.config.home()) / "wisdom.db")) as conn:
        return conn.execute("SELECT name, remote FROM projects ORDER BY name").fetchall()


def test_the_export_carries_the_remote_and_round_trips_byte_for_byte(machine: Machines) -> None:
    first = machine("home-a", "a/src/api")
    first.remember().execute(RememberRequest("Prefer tabs in Makefiles", "preference")).unwrap()
    lines = exported(first)
    assert json.loads(lines[1])["remote"] == "github.com/org/api"
    empty = machine("home-b", "b/src/api")
    empty.trust.import_memory().execute(lambda: lines)
    assert exported(empty) == lines


def test_an_exported_project_lands_in_the_project_of_the_same_repository_here(machine: Machines) -> None:
    first = machine("home-a", "a/src/api")
    first.remember().execute(RememberRequest("Billing retries use exponential backoff", "decision")).unwrap()
    here = machine("home-b", "b/checkouts/service", "https://github.com/org/api")
    here.remember().execute(RememberRequest("Pagination uses opaque cursors", "decision")).unwrap()
    counts = here.trust.import_memory().execute(lambda: exported(first))
    assert counts.projects == (("api", "service"),)
    assert recalled(here, "backoff") == [("Billing retries use exponential backoff", "service")]
    again = here.trust.import_memory().execute(lambda: exported(first))
    assert (again.added, again.projects) == (0, (("api", "service"),))
    assert projects(here) == [("service", "github.com/org/api")]


def test_another_repository_named_alike_here_keeps_its_own_memory(machine: Machines) -> None:
    first = machine("home-a", "a/src/api")
    first.remember().execute(RememberRequest("Billing retries use exponential backoff", "decision")).unwrap()
    here = machine("home-b", "b/src/api", "git@github.com:fork/api.git")
    here.remember().execute(RememberRequest("Pagination uses opaque cursors", "decision")).unwrap()
    assert here.trust.import_memory().execute(lambda: exported(first)).projects == (("api", "api-2"),)
    assert recalled(here, "backoff") == []  # api-2 is not this checkout's project
    assert projects(here) == [("api", "github.com/fork/api"), ("api-2", "github.com/org/api")]
    assert here.trust.import_memory().execute(lambda: exported(first)).added == 0


def test_as_project_chooses_the_project_even_where_the_remote_is_held(machine: Machines) -> None:
    first = machine("home-a", "a/src/api")
    first.remember().execute(RememberRequest("Billing retries use exponential backoff", "decision")).unwrap()
    here = machine("home-b", "a/src/api")  # the same folder and remote: `api` is taken by them
    here.remember().execute(RememberRequest("Pagination uses opaque cursors", "decision")).unwrap()
    counts = here.trust.import_memory().execute(lambda: exported(first), ["archive"])
    assert counts.projects == (("api", "archive"),)
    assert projects(here) == [("api", "github.com/org/api"), ("archive", None)]  # one project per remote
    with pytest.raises(ArchiveError, match="the file holds no project 'web'"):
        here.trust.import_memory().execute(lambda: exported(first), ["web=site"])
