"""The caller's repository root, found by reading `.git` (no `git` subprocess on hot paths)."""

from pathlib import Path


class GitWorkspace:  # a `Workspace` (application/ports.py) by shape: its import costs `returns`
    """Root of the git repository containing `cwd`; a linked worktree resolves to the main
    repository, so both share one project. Outside any repository: `cwd` itself."""

    def __init__(self, cwd: Path) -> None:
        self._cwd = cwd

    def root(self) -> str | None:
        start = self._cwd.resolve()
        for folder in (start, *start.parents):
            dot_git = folder / ".git"
            if dot_git.is_dir():
                return str(folder)
            if dot_git.is_file():
                return str(_main_root(dot_git) or folder)
        return str(start)


def _main_root(dot_git_file: Path) -> Path | None:
    """`.git` files point at `<main>/.git/worktrees/<name>`; `commondir` there leads to `<main>/.git`."""
    try:
        text = dot_git_file.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    gitdir = (dot_git_file.parent / text.removeprefix("gitdir:").strip()).resolve()
    common = gitdir / "commondir"
    try:
        common_dir = (gitdir / common.read_text(encoding="utf-8").strip()).resolve()
    except OSError:
        return None  # a submodule's .git file: the folder holding it is its own root
    return common_dir.parent if common_dir.name == ".git" else None
