"""Use case: anchors that notice change (issue 16.3), run by the maintenance pass.

For each file anchor of a live bead, git is asked whether the file differs now from the commit
the memory was observed at. A changed file marks the anchor "code changed" (recall then halves
the bead's weight and says so); a deleted file marks it "file deleted", a flag for review. The
bead itself is never changed or removed. Outside git, or when git cannot answer in time,
nothing happens. Bounded: at most `max_anchors` anchors and `max_checks` git calls per pass.
"""

from collections import defaultdict
from dataclasses import dataclass

from abzu.application.anchors.ports import AnchorFreshness, GitRepo
from abzu.domain.anchors import Staleness, TrackedAnchor, stale_marks

MAX_ANCHORS = 5000
MAX_CHECKS = 50  # one `git diff` per (repository, commit)


@dataclass(frozen=True, slots=True)
class StaleReport:
    marked_stale: int = 0
    flagged_for_review: int = 0
    checks: int = 0  # git calls made


@dataclass(frozen=True, slots=True)
class MarkStaleAnchors:
    anchors: AnchorFreshness
    git: GitRepo
    max_anchors: int = MAX_ANCHORS
    max_checks: int = MAX_CHECKS

    def execute(self) -> StaleReport:
        tracked = self.anchors.tracked(self.max_anchors)
        groups = _by_commit(tracked)
        changes = {}
        for (root, commit), paths in list(groups.items())[: self.max_checks]:
            found = self.git.changes(root, commit, paths)
            if found:
                changes[(root, commit)] = found
        marks = stale_marks(tracked, changes)
        if marks:
            self.anchors.mark(marks)
        deleted = sum(1 for _, reason in marks if reason is Staleness.DELETED)
        return StaleReport(len(marks) - deleted, deleted, min(len(groups), self.max_checks))


def _by_commit(tracked: list[TrackedAnchor]) -> dict[tuple[str, str], list[str]]:
    """Paths per (root, commit), in the order the anchors came (fresh ones first)."""
    groups: dict[tuple[str, str], dict[str, None]] = defaultdict(dict)
    for anchor in tracked:
        groups[(anchor.root, anchor.commit)][anchor.path] = None
    return {key: list(paths) for key, paths in groups.items()}
