"""The current project's root is found from the working directory, as git sees it."""

from pathlib import Path

import pytest

from abzu.adapters.workspace import GitWorkspace, remote_identity
from tests.integration.gitrepos import add_worktree, git, new_repo


def test_the_root_of_a_repository_is_itself(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "api")
    assert GitWorkspace(repo).root() == str(repo.resolve())


def test_a_nested_folder_belongs_to_its_repository(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "api")
    nested = repo / "src" / "pkg"
    nested.mkdir(parents=True)
    assert GitWorkspace(nested).root() == str(repo.resolve())


def test_a_linked_worktree_resolves_to_the_main_repository(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "api")
    worktree = add_worktree(repo, tmp_path / "api-feature")
    (worktree / "docs").mkdir()
    assert GitWorkspace(worktree).root() == str(repo.resolve())
    assert GitWorkspace(worktree / "docs").root() == str(repo.resolve())


def test_outside_any_repository_the_working_directory_is_the_root(tmp_path: Path) -> None:
    plain = tmp_path / "notes"
    plain.mkdir()
    assert GitWorkspace(plain).root() == str(plain.resolve())


def test_a_symlinked_path_resolves_to_the_real_repository(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "api")
    link = tmp_path / "shortcut"
    link.symlink_to(repo)
    assert GitWorkspace(link).root() == str(repo.resolve())


def test_an_unreadable_git_file_makes_its_folder_the_root(tmp_path: Path) -> None:
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / ".git").write_text("not a gitdir line\n")
    assert GitWorkspace(odd).root() == str(odd.resolve())


def test_a_submodule_is_its_own_root(tmp_path: Path) -> None:
    parent = new_repo(tmp_path / "parent")
    module_dir = parent / ".git" / "modules" / "lib"
    module_dir.mkdir(parents=True)
    sub = parent / "lib"
    sub.mkdir()
    (sub / ".git").write_text("gitdir: ../.git/modules/lib\n")
    assert GitWorkspace(sub).root() == str(sub.resolve())


# The repository's remote (issue 29): read from .git/config, no git subprocess
REMOTE = "github.com/org/api"


def test_a_repository_is_known_by_its_origin_normalised(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "api")
    git(repo, "remote", "add", "upstream", "https://github.com/upstream/api.git")
    git(repo, "remote", "add", "origin", "https://deploy:s3cr3t@GitHub.com/org/api.git/")
    assert GitWorkspace(repo).remote(str(repo)) == REMOTE


def test_without_origin_the_first_remote_names_it(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "api")
    git(repo, "remote", "add", "mine", "git@github.com:org/api.git")
    git(repo, "remote", "add", "theirs", "git@github.com:other/api.git")
    assert remote_identity(str(repo)) == REMOTE


def test_a_worktree_and_its_repository_share_the_remote(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "api")
    git(repo, "remote", "add", "origin", "ssh://git@github.com/org/api.git")
    worktree = add_worktree(repo, tmp_path / "api-feature")
    assert remote_identity(str(worktree)) == remote_identity(str(repo)) == REMOTE


@pytest.mark.parametrize("where", ["plain", "no-remote", "nothing"])
def test_no_remote_is_none(tmp_path: Path, where: str) -> None:
    folder = new_repo(tmp_path / "api") if where == "no-remote" else tmp_path / "api"
    if where == "plain":
        folder.mkdir()
    assert remote_identity(str(folder)) is None


def test_a_hand_written_config_is_read_as_git_reads_it(tmp_path: Path) -> None:
    repo = tmp_path / "api"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "config").write_text(
        '[core]\n\tbare = false\n[remote "fork"] ; a comment\n\tfetch = +refs/heads/*\n'
        '[Remote "origin"]\n\tURL = "git@github.com:org/api.git" # where we push\n'
        '\turl = git@github.com:ignored/second.git\n')
    assert remote_identity(str(repo)) == REMOTE


def test_a_submodule_reads_its_own_config(tmp_path: Path) -> None:
    parent = new_repo(tmp_path / "parent")
    module_dir = parent / ".git" / "modules" / "lib"
    module_dir.mkdir(parents=True)
    (module_dir / "config").write_text('[remote "origin"]\n\turl = https://github.com/org/lib\n')
    sub = parent / "lib"
    sub.mkdir()
    (sub / ".git").write_text("gitdir: ../.git/modules/lib\n")
    assert remote_identity(str(sub)) == "github.com/org/lib"
