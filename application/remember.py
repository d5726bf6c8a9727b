"""Use case: remember a piece of knowledge (spec §5 lifecycle, §6 paths, §10 dedup)."""

from dataclasses import dataclass, field

from returns.result import Result

from abzu.application.anchors.commit import anchored
from abzu.application.anchors.ports import GitRepo
from abzu.application.memory_writer import Draft, MemoryWriter, prepare
from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace
from abzu.application.projects import resolve_project
from abzu.application.remember_io import (
    Destination,
    Remembered,
    RememberError,
    RememberRequest,
)
from abzu.domain.content import MAX_CONTENT_CHARS
from abzu.domain.dedup import DedupPolicy

__all__ = ["Destination", "Remember", "RememberError", "RememberRequest", "Remembered"]


@dataclass(frozen=True, slots=True)
class Remember:
    """- Preferences go straight to wisdom.db (permanent); every other category is staged.
    - Text is validated (empty, over the limit), stripped of NUL bytes and redacted of secrets
      before anything is stored.
    - Same text in the same project: skipped, the existing id returned. Very similar text
      (same store, same project): stored, and the old one is superseded.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator
    workspace: Workspace
    dedup: DedupPolicy = field(default_factory=DedupPolicy)
    max_chars: int = MAX_CONTENT_CHARS
    git: GitRepo | None = None  # the commit file anchors were observed at (issue 16)

    def execute(self, request: RememberRequest) -> Result[Remembered, RememberError]:
        return prepare(request, max_chars=self.max_chars).map(self._store)

    def _store(self, draft: Draft) -> Remembered:
        request, now = draft.request, self.clock.now()
        root = self.workspace.root()
        commit = self.git.head(root) if self.git and root and request.files else None  # outside the lock
        with self.uow as uow:
            project = None if request.is_global else resolve_project(
                uow.projects, self.workspace, request.project, now
            )
            stored = MemoryWriter(uow, self.clock, self.ids, self.dedup).write(draft, project)
            anchored(uow, stored, request, root, commit)
            if project is not None:
                uow.projects.touch(project, now)
            uow.commit()
        return stored
