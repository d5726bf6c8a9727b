"""The current project's root is found from the working directory, as git sees it."""

from pathlib import Path

from abzu.adapters.workspace import GitWorkspace
from tests.integration.gitrepos import add_worktree, new_repo


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
