"""`GitRepo` over the `git` command (issue 16): the anchor commit and what changed since.

Never on a hook's hot path: `remember --files`, transcript mining and maintenance call it.
Every call has a timeout; any failure (no git, not a repository, unknown commit, timeout) is
"cannot tell" (None), logged once, never raised. `GIT_OPTIONAL_LOCKS=0`: a diff must not take
the index lock the user's own git commands need.
"""

import os
from collections.abc import Mapping, Sequence

from abzu.application.anchors.ports import GitRepo
from abzu.domain.anchors import Staleness

HEAD_TIMEOUT_S = 1.0
DIFF_TIMEOUT_S = 5.0
PATHS_PER_CALL = 1000


class SubprocessGit(GitRepo):
    def __init__(self, *, head_timeout: float = HEAD_TIMEOUT_S, diff_timeout: float = DIFF_TIMEOUT_S) -> None:
        self._head_timeout, self._diff_timeout = head_timeout, diff_timeout

    def head(self, folder: str) -> str | None:
        out = self._git(folder, ["rev-parse", "--verify", "--quiet", "HEAD"], self._head_timeout)
        commit = out.strip() if out else ""
        return commit if len(commit) in (40, 64) and commit.isalnum() else None

    def changes(self, root: str, commit: str, paths: Sequence[str]) -> Mapping[str, Staleness] | None:
        if not paths or not commit.isalnum():  # a commit is hex: never an option or a path
            return None
        found: dict[str, Staleness] = {}
        for first in range(0, len(paths), PATHS_PER_CALL):  # command lines have a length limit
            # The working tree against the anchor commit: committed and uncommitted changes alike.
            out = self._git(root, ["diff", "--name-status", "--no-renames", "--no-ext-diff", "-z",
                                   commit, "--", *paths[first:first + PATHS_PER_CALL]], self._diff_timeout)
            if out is None:
                return None
            found.update(_statuses(out))
        return found

    def _git(self, folder: str, args: list[str], timeout: float) -> str | None:
        import subprocess  # only when a git question is asked: `remember` without files never is

        env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C",
               "GIT_LITERAL_PATHSPECS": "1"}  # an anchored "src/*.py" is that file, not a glob
        try:
            done = subprocess.run(["git", "-C", folder, "-c", "core.quotepath=off", *args], env=env,
                                  capture_output=True, text=True, timeout=timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:  # no git, or git too slow
            from abzu.adapters.lazy_log import abzu_log  # the hooks usually log nothing

            abzu_log().info("git %s in %s: %s", args[0], folder, type(exc).__name__)
            return None
        if done.returncode != 0:  # not a repository, unknown commit: nothing to say
            return None
        return done.stdout


def _statuses(out: str) -> dict[str, Staleness]:
    """`-z --name-status` output: status NUL path NUL …; D is a deletion, anything else a change."""
    fields = out.split("\0")
    found = {}
    for status, path in zip(fields[0::2], fields[1::2], strict=False):
        if status and path:
            found[path] = Staleness.DELETED if status.startswith("D") else Staleness.CHANGED
    return found
