"""Use case: one memory by id, whole, with its provenance (a bead or a staged candidate)."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.manage.errors import MemoryNotFound
from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Bead, Candidate

Memory = Bead | Candidate


def find_memory(uow: UnitOfWork, memory_id: str) -> Memory | None:
    """Beads first: an id names one store, but a bead is the permanent, reviewed copy."""
    bead = uow.beads.get(memory_id)
    return bead if bead is not None else uow.candidates.get(memory_id)


@dataclass(frozen=True, slots=True)
class ShowMemory:
    """Reads only: showing a memory does not count as recalling it (no decay reset)."""

    uow: UnitOfWork

    def execute(self, memory_id: str) -> Result[Memory, MemoryNotFound]:
        memory_id = memory_id.strip()
        with self.uow as uow:
            found = find_memory(uow, memory_id)
        return Success(found) if found is not None else Failure(MemoryNotFound(memory_id))
