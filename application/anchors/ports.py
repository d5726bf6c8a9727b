"""What `RecallAtAction` needs: anchored memories to read and a per-session record of what was shown."""

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from abzu.domain.anchors import Staleness, TrackedAnchor

if TYPE_CHECKING:  # the hook imports this module only when type-checked
    from abzu.domain.anchors_render import AnchoredMemory


class ProjectRoot(Protocol):
    """The repository root of the session (what `Workspace` gives; declared here so the hook's
    path does not import application/ports.py and, through it, `returns`)."""

    def root(self) -> str | None: ...


class AnchoredMemories(Protocol):
    def project_for_root(self, root: str) -> str | None: ...

    def anchored(self, kind: str, keys: Sequence[str], project: str, *, limit: int,
                 with_candidates: bool) -> "list[AnchoredMemory]":
        """Live memories of `project` anchored to one of `keys` (`kind`: an `AnchorKind` value):
        reviewed beads first (starred, then newest), then beads the agent wrote that nobody
        confirmed, staged candidates after them when `with_candidates`."""
        ...


class ShownMemories(Protocol):
    def shown(self, session_id: str) -> Collection[str]: ...
    def add(self, session_id: str, ids: Sequence[str]) -> None: ...


class GitRepo(Protocol):
    """What git says about the repository holding a folder (issue 16). Every call is bounded in
    time; None means git could not tell (not a repository, no git, timed out, unknown commit)."""

    def head(self, folder: str) -> str | None:
        """The commit checked out in `folder`."""
        ...

    def changes(self, root: str, commit: str, paths: Sequence[str]) -> Mapping[str, Staleness] | None:
        """Which of `paths` (relative to `root`) differ now from `commit`, and how."""
        ...


class AnchorFreshness(Protocol):
    """The file anchors of live beads that maintenance checks against git, and their marks."""

    def tracked(self, groups: int, anchors: int) -> list[TrackedAnchor]:
        """At most `anchors` anchors from at most `groups` (root, commit) pairs."""
        ...

    def mark(self, marks: Sequence[tuple[TrackedAnchor, Staleness | None]]) -> None:
        """Writes each mark; None lifts it."""
        ...
