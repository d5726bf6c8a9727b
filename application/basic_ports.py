"""The smallest ports (time, ids, where the caller works), apart from application/ports.py: that
module's repository ports import most of the domain, which a hook would pay for only to name
its clock (issue 13). application/ports.py re-exports them."""

from datetime import datetime
from typing import Protocol


class Clock(Protocol):
    """The current time, timezone-aware UTC."""

    def now(self) -> datetime: ...


class IdGenerator(Protocol):
    """Fresh unique ids such as `b-3f2a…` (beads) or `c-…` (candidates)."""

    def new_id(self, prefix: str) -> str: ...


class Remotes(Protocol):
    """What names a repository wherever it is checked out (issue 29)."""

    def remote(self, root: str) -> str | None:
        """The normalised URL of the remote of the repository at `root` (`origin`, else the
        first; `host/path`, never a credential), or None: not a repository, or no remote."""
        ...


class Workspace(Remotes, Protocol):
    """Where the caller works: the root of its repository (a worktree maps to its main
    repository), or its working directory outside any repository. None when unknown."""

    def root(self) -> str | None: ...
