"""Use case: the open loops a person can see and dismiss (`abzu loops`, issue 29)."""

from dataclasses import dataclass

from abzu.application.ports import Clock, Workspace
from abzu.application.projects import project_in_view
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.domain.sessions.open_loop import OpenLoop


@dataclass(frozen=True, slots=True)
class LoopList:
    project: str | None  # None: every project
    loops: tuple[OpenLoop, ...]


@dataclass(frozen=True, slots=True)
class ListOpenLoops:
    """- The open loops of the working folder's project (or of `project`), newest first.
    - `every_project`: those of every project; `closed`: resolved and dismissed ones too.
    - Reads only: a project name nobody used yet is shown with no loops, not created."""

    uow: SessionUnitOfWork
    workspace: Workspace
    clock: Clock

    def execute(self, *, project: str | None = None, every_project: bool = False,
                closed: bool = False) -> LoopList:
        with self.uow as uow:
            name = None if every_project else project_in_view(uow.projects, self.workspace, project,
                                                                self.clock.now())
            loops = uow.loops.listed(name, open_only=not closed) if name or every_project else []
            uow.commit()  # a first look from a new repository registers its project, as recall does
        return LoopList(name, tuple(loops))
