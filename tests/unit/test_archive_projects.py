"""Which project an exported project lands in on import (issue 29, defect 6)."""

import pytest

from abzu.application.archive_projects import file_projects, project_names
from abzu.domain.archive import ArchiveError, Record

REMOTE = "github.com/org/api"


def test_a_project_whose_repository_is_here_under_another_name_lands_there() -> None:
    stored = {"api-2": REMOTE, "api": "gitlab.com/other/api"}
    assert project_names({"api": REMOTE}, stored) == {"api": "api-2"}


def test_a_project_already_here_under_its_own_name_stays_put() -> None:
    assert project_names({"api": REMOTE}, {"api": REMOTE}) == {}


def test_another_repository_with_the_same_name_takes_the_next_free_name() -> None:
    stored = {"api": "gitlab.com/other/api", "api-2": None}
    assert project_names({"api": REMOTE, "api-3": None}, stored) == {"api": "api-4"}


@pytest.mark.parametrize(("in_file", "stored"), [
    ({"api": None}, {"api": REMOTE}),  # a file written before remotes travelled
    ({"api": REMOTE}, {"api": None}),  # a project here that has not recorded its remote yet
    ({"api": None}, {"api": None}),
], ids=["file-without-remote", "store-without-remote", "neither"])
def test_without_a_remote_on_both_sides_the_name_decides(in_file: dict[str, str | None],
                                                         stored: dict[str, str | None]) -> None:
    assert project_names(in_file, stored) == {}


def test_as_project_name_moves_the_file_s_only_project() -> None:
    assert project_names({"api": REMOTE}, {"api": REMOTE}, ["service"]) == {"api": "service"}


def test_as_project_old_new_moves_one_project_of_several() -> None:
    in_file = {"api": None, "web": None}
    assert project_names(in_file, {}, ["web = site", "api=api"]) == {"web": "site"}


@pytest.mark.parametrize(("in_file", "options", "says"), [
    ({"api": None, "web": None}, ["service"], "needs a file of one project; this one holds 2 (api, web)"),
    ({}, ["service"], "the file holds no project (only global memories)"),
    ({"api": None}, ["service", "api=x"], "for several, give --as-project OLD=NEW once for each"),
    ({"api": None}, ["cli=x"], "the file holds no project 'cli' (api)"),
    ({"api": None}, ["api="], "--as-project needs a project name"),
    ({"api": None}, ["  "], "--as-project needs a project name"),
])
def test_an_ambiguous_as_project_is_one_clear_error(in_file: dict[str, str | None], options: list[str],
                                                    says: str) -> None:
    with pytest.raises(ArchiveError) as error:
        project_names(in_file, {}, options)
    assert says in str(error.value) and "\n" not in str(error.value)


def test_the_file_s_projects_are_those_its_records_name_with_their_remotes() -> None:
    records = [Record("project", {"name": "api", "remote": REMOTE}), Record("project", {"name": "old"}),
               Record("bead", {"id": "b-1", "project": "api"}),
               Record("bead", {"id": "b-2", "project": None}),
               Record("candidate", {"id": "c-1", "project": "web"}),
               Record("profile", {"key": "editor", "project_id": "cli"})]
    assert file_projects(records) == {"api": REMOTE, "old": None, "web": None, "cli": None}
