"""Use case: anchors that notice change (issue 16.3), run by the maintenance pass.

For each file anchor of a live bead, git is asked whether the file differs now from the commit
the memory was observed at. A changed file marks the anchor "code changed" (recall then halves
the bead's weight and says so); a deleted file marks it "file deleted", a flag for review. A
"code changed" mark is lifted when the file is back as it was at that commit. The
bead itself is never changed or removed. Outside git, or when git cannot answer in time,
nothing happens. Bounded: at most `max_checks` (repository, commit) pairs and `max_anchors`
anchors per pass, and no new git call once `budget` has passed; what is left waits for the next
pass (the store picks other pairs each time).
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta

from abzu.application.anchors.ports import AnchorFreshness, GitRepo
from abzu.application.ports import Clock
from abzu.domain.anchors import Changes, Staleness, TrackedAnchor, stale_marks

MAX_ANCHORS = 50_000
MAX_CHECKS = 50  # one `git diff` per (repository, commit)
BUDGET = timedelta(seconds=20)  # finalize runs detached, but must end


@dataclass(frozen=True, slots=True)
class StaleReport:
    marked_stale: int = 0
    flagged_for_review: int = 0
    checks: int = 0  # git calls made
    lifted: int = 0  # marks taken off: the code is back as it was when the memory was observed


@dataclass(frozen=True, slots=True)
class MarkStaleAnchors:
    anchors: AnchorFreshness
    git: GitRepo
    clock: Clock
    max_anchors: int = MAX_ANCHORS
    max_checks: int = MAX_CHECKS
    budget: timedelta = BUDGET

    def execute(self) -> StaleReport:
        tracked = self.anchors.tracked(self.max_checks, self.max_anchors)
        changes, checks = self._changes(_by_commit(tracked))
        marks = stale_marks(tracked, changes)
        if marks:
            self.anchors.mark(marks)
        deleted = sum(1 for _, reason in marks if reason is Staleness.DELETED)
        lifted = sum(1 for _, reason in marks if reason is None)
        return StaleReport(len(marks) - deleted - lifted, deleted, checks, lifted)

    def _changes(self, groups: dict[tuple[str, str], list[str]]) -> tuple[Changes, int]:
        deadline, changes, checks = self.clock.now() + self.budget, {}, 0
        for (root, commit), paths in list(groups.items())[: self.max_checks]:
            if self.clock.now() > deadline:
                break
            checks += 1
            if (found := self.git.changes(root, commit, paths)) is not None:  # {}: nothing changed
                changes[(root, commit)] = found
        return changes, checks


def _by_commit(tracked: list[TrackedAnchor]) -> dict[tuple[str, str], list[str]]:
    """Paths per (root, commit), in the order the anchors came."""
    groups: dict[tuple[str, str], dict[str, None]] = defaultdict(dict)
    for anchor in tracked:
        groups[(anchor.root, anchor.commit)][anchor.path] = None
    return {key: list(paths) for key, paths in groups.items()}
