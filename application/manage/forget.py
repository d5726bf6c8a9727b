"""Use case: a person deletes one of their memories (not a review decision, no flag needed)."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.manage.errors import MemoryNotFound
from abzu.application.manage.show import Memory, find_memory
from abzu.application.ports import UnitOfWork
from abzu.application.review.ops import older_candidates
from abzu.domain.bead import Bead


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What was removed, without its text: the CLI logs this as the history event."""

    id: str
    store: str  # "wisdom" or "staging"
    category: str
    project: str | None
    older: tuple[str, ...] = ()  # ids of the older versions forgotten with it


@dataclass(frozen=True, slots=True)
class ForgetMemory:
    """- Removes the row; the search index follows (FTS triggers), so recall never finds it again.
    - The older versions it had superseded go with it, however far back: they are earlier
      wordings of the same memory, and a person who forgets a memory must not see it come back
      (and its text stay on disk) as the version before. Nothing else is touched.
    """

    uow: UnitOfWork

    def execute(self, memory_id: str) -> Result[Forgotten, MemoryNotFound]:
        memory_id = memory_id.strip()
        with self.uow as uow:
            found = find_memory(uow, memory_id)
            if found is None:
                return Failure(MemoryNotFound(memory_id))
            older = self._remove(uow, found)
            uow.commit()
        store = "wisdom" if isinstance(found, Bead) else "staging"
        return Success(Forgotten(found.id, store, found.category.value, found.project, tuple(older)))

    @staticmethod
    def _remove(uow: UnitOfWork, memory: Memory) -> list[str]:
        if isinstance(memory, Bead):
            return uow.beads.forget(memory.id)
        older = [c.id for c in older_candidates(uow.candidates, memory.id)]
        for item_id in [*older, memory.id]:  # oldest references first, whatever the schema checks
            uow.candidates.delete(item_id)
        return older

