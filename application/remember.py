"""Use case: remember a piece of knowledge (spec §5 lifecycle, §6 paths, §10 dedup)."""

from dataclasses import dataclass, field

from abzu.application.memory_writer import Draft, MemoryWriter, draft_of
from abzu.application.projects import known_project, resolve_project
from abzu.application.remember_io import (
    Destination,
    Remembered,
    RememberError,
    RememberRequest,
)
from abzu.domain.content import MAX_CONTENT_CHARS
from abzu.domain.dedup import DedupPolicy, DedupVerdict

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the lean path
if TYPE_CHECKING:  # `returns` loads when `execute` runs: the CLI's fast front asks `answer`
    from datetime import datetime

    from returns.result import Result

    from abzu.application.anchors.ports import GitRepo
    from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace

__all__ = ["Destination", "Remember", "RememberError", "RememberRequest", "Remembered"]


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a remember's read phase found, before the write gate was taken."""

    project: str | None
    registered: bool  # False: the project is registered inside the write phase
    duplicate: Remembered | None = None
    verdict: DedupVerdict | None = None
    touch: bool = True  # the project's last_active stamp is due


@dataclass(frozen=True, slots=True)
class Remember:
    """- Preferences go straight to wisdom.db (permanent); every other category is staged.
    - Text is validated (empty, over the limit), stripped of NUL bytes and redacted of secrets
      before anything is stored.
    - Same text in the same project: skipped, the existing id returned. Very similar text
      (same store, same project): stored, and the old one is superseded.

    Every writer on the machine queues for one write gate (adapters/sqlite/write_gate.py), so
    what happens while it is held is everyone's wait: the look-ups (project, duplicates, the
    near-duplicate search) run first in `reader`, a read-only unit of work that takes no lock;
    the gate is held only for the exact-duplicate re-check, the insert and the commit, and a
    learning's write phase touches abzu.db alone. `reader` None: `uow` reads too (test fakes).
    """

    uow: "UnitOfWork"
    clock: "Clock"
    ids: "IdGenerator"
    workspace: "Workspace"
    dedup: DedupPolicy = field(default_factory=DedupPolicy)
    max_chars: int = MAX_CONTENT_CHARS
    git: "GitRepo | None" = None  # the commit file anchors were observed at (issue 16)
    reader: "UnitOfWork | None" = None

    def execute(self, request: RememberRequest) -> "Result[Remembered, RememberError]":
        from returns.result import Failure, Success

        answer = self.answer(request)
        return Success(answer) if isinstance(answer, Remembered) else Failure(answer)

    def answer(self, request: RememberRequest) -> "Remembered | RememberError":
        """`execute`'s answer as a plain value (the same rules, without `returns`)."""
        draft = draft_of(request, max_chars=self.max_chars)
        return self._store(draft) if isinstance(draft, Draft) else draft

    def _store(self, draft: Draft) -> Remembered:
        request, now = draft.request, self.clock.now()
        root = self.workspace.root()
        commit = self.git.head(root) if self.git and root and request.files else None  # outside the lock
        plan = self._plan(draft, root, now)
        anchors = root is not None and bool(request.files or request.commands)
        if plan.duplicate is not None and plan.registered and not (plan.touch or anchors):
            return plan.duplicate  # nothing to write: the gate is never taken
        with self.uow as uow:
            stored = self._write(uow, draft, plan, now)
            if anchors:  # only then: the anchor modules load for `--files` / `--commands`
                from abzu.application.anchors.commit import anchored

                anchored(uow, stored, request, root, commit)
            uow.commit()
        return stored

    def _plan(self, draft: Draft, root: str | None, now: "datetime") -> _Plan:
        request = draft.request
        with self.reader or self.uow as uow:
            project, registered = (None, True) if request.is_global else known_project(
                uow.projects, self.workspace, root, request.project)
            if not registered:
                return _Plan(project, registered=False)
            writer = MemoryWriter(uow, self.clock, self.ids, self.dedup)
            found = writer.duplicate(draft, project)
            verdict = None if found else writer.judge(draft, project)
            touch = project is not None and uow.projects.needs_touch(project, now)
        return _Plan(project, True, found, verdict, touch)

    def _write(self, uow: "UnitOfWork", draft: Draft, plan: _Plan, now: "datetime") -> Remembered:
        writer = MemoryWriter(uow, self.clock, self.ids, self.dedup)
        if not plan.registered:  # a project's first memory: registered, then the whole check
            project = resolve_project(uow.projects, self.workspace, draft.request.project, now)
            stored = writer.write(draft, project)
        else:
            project = plan.project
            stored = plan.duplicate or writer.store(draft, project, plan.verdict)
        if project is not None and (plan.touch or not plan.registered):
            uow.projects.touch(project, now)
        return stored
