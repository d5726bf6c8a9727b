"""Use case: a person deletes one of their memories (not a review decision, no flag needed)."""

from dataclasses import dataclass, replace

from returns.result import Failure, Result, Success

from abzu.application.manage.errors import MemoryNotFound
from abzu.application.manage.show import Memory, find_memory
from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Bead


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What was removed, without its text: the CLI logs this as the history event."""

    id: str
    store: str  # "wisdom" or "staging"
    category: str
    project: str | None


@dataclass(frozen=True, slots=True)
class ForgetMemory:
    """- Removes the row; the search index follows (FTS triggers), so recall never finds it again.
    - Older versions it had superseded are kept and become live again: they were never asked for.
    """

    uow: UnitOfWork

    def execute(self, memory_id: str) -> Result[Forgotten, MemoryNotFound]:
        memory_id = memory_id.strip()
        with self.uow as uow:
            found = find_memory(uow, memory_id)
            if found is None:
                return Failure(MemoryNotFound(memory_id))
            self._remove(uow, found)
            uow.commit()
        store = "wisdom" if isinstance(found, Bead) else "staging"
        return Success(Forgotten(found.id, store, found.category.value, found.project))

    @staticmethod
    def _remove(uow: UnitOfWork, memory: Memory) -> None:
        if isinstance(memory, Bead):
            uow.beads.forget(memory.id)
            return
        for older in uow.candidates.superseded_by(memory.id):
            uow.candidates.update(replace(older, superseded_by=None))
        uow.candidates.delete(memory.id)
