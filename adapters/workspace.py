"""The caller's repository root, found by reading `.git` (no `git` subprocess on hot paths).

`os.path` only, no pathlib: the PreToolUse hook resolves the root before every edit.
"""

import os


class GitWorkspace:  # a `Workspace` (application/ports.py) by shape: its import costs `returns`
    """Root of the git repository containing `cwd`; a linked worktree resolves to the main
    repository, so both share one project. Outside any repository: `cwd` itself."""

    def __init__(self, cwd: "str | os.PathLike[str]") -> None:
        self._cwd = os.fspath(cwd)

    def root(self) -> str | None:
        start = folder = os.path.realpath(self._cwd)
        while True:
            dot_git = os.path.join(folder, ".git")
            if os.path.isdir(dot_git):
                return folder
            if os.path.isfile(dot_git):
                return _main_root(dot_git) or folder
            parent = os.path.dirname(folder)
            if parent == folder:
                return start
            folder = parent


def _main_root(dot_git_file: str) -> str | None:
    """`.git` files point at `<main>/.git/worktrees/<name>`; `commondir` there leads to `<main>/.git`."""
    try:
        with open(dot_git_file, encoding="utf-8") as file:
            text = file.read().strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    pointed = text.removeprefix("gitdir:").strip()
    gitdir = os.path.realpath(os.path.join(os.path.dirname(dot_git_file), pointed))
    try:
        with open(os.path.join(gitdir, "commondir"), encoding="utf-8") as file:
            common_dir = os.path.realpath(os.path.join(gitdir, file.read().strip()))
    except OSError:
        return None  # a submodule's .git file: the folder holding it is its own root
    return os.path.dirname(common_dir) if os.path.basename(common_dir) == ".git" else None
