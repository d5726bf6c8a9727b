"""Use case: remember a piece of knowledge (spec §5 lifecycle, §6 paths, §10 dedup)."""

from dataclasses import dataclass, field

from returns.result import Result

from abzu.application.memory_writer import Draft, MemoryWriter, prepare
from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace
from abzu.application.projects import resolve_project
from abzu.application.remember_io import (
    Destination,
    Remembered,
    RememberError,
    RememberRequest,
)
from abzu.domain.anchors import anchors_for
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

    def execute(self, request: RememberRequest) -> Result[Remembered, RememberError]:
        return prepare(request, max_chars=self.max_chars).map(self._store)

    def _store(self, draft: Draft) -> Remembered:
        request, now = draft.request, self.clock.now()
        with self.uow as uow:
            project = None if request.is_global else resolve_project(
                uow.projects, self.workspace, request.project, now
            )
            stored = MemoryWriter(uow, self.clock, self.ids, self.dedup).write(draft, project)
            self._anchor(uow, stored, request)
            if project is not None:
                uow.projects.touch(project, now)
            uow.commit()
        return stored

    def _anchor(self, uow: UnitOfWork, stored: Remembered, request: RememberRequest) -> None:
        """Anchors go on the memory stored, or on the one a duplicate was skipped for."""
        root = self.workspace.root()
        if root is None or not (request.files or request.commands):
            return
        rows = uow.bead_anchors if stored.destination is Destination.WISDOM else uow.candidate_anchors
        rows.attach(stored.id, anchors_for(tuple(request.files), tuple(request.commands), root))
