"""Real git repositories for workspace tests."""

import subprocess
from pathlib import Path


def git(cwd: Path, *args: str) -> None:
    identity = ["-c", "user.name=abzu", "-c", "user.email=abzu@example.invalid",
                "-c", "init.defaultBranch=main"]
    subprocess.run(["git", *identity, *args], cwd=cwd, check=True, capture_output=True)


def new_repo(path: Path) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q")
    git(path, "commit", "-q", "--allow-empty", "-m", "init")
    return path


def add_worktree(repo: Path, where: Path) -> Path:
    git(repo, "worktree", "add", "-q", str(where))
    return where
