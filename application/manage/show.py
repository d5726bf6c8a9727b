"""Use case: one memory by id, whole, with its provenance (a bead or a staged candidate)."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.manage.errors import MemoryNotFound
from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Bead, Candidate

Memory = Bead | Candidate


def find_memory(uow: UnitOfWork, memory_id: str) -> Memory | None:
    """Beads first: an id names one store, but a bead is the permanent, reviewed copy."""
    bead = uow.beads.get(memory_id).value_or(None)
    return bead if bead is not None else uow.candidates.get(memory_id).value_or(None)


@dataclass(frozen=True, slots=True)
class Shown:
    memory: Memory
    derived_from: tuple[str, ...] = ()  # the candidates and beads a bead was made from


@dataclass(frozen=True, slots=True)
class ShowMemory:
    """Reads only: showing a memory does not count as recalling it (no decay reset).
    A bead says what it was derived from (the candidate it was promoted from, or everything a
    consolidation merged into it)."""

    uow: UnitOfWork

    def execute(self, memory_id: str) -> Result[Shown, MemoryNotFound]:
        memory_id = memory_id.strip()
        with self.uow as uow:
            found = find_memory(uow, memory_id)
            sources = uow.bead_sources.of(found.id) if isinstance(found, Bead) else ()
        return Success(Shown(found, sources)) if found is not None else Failure(MemoryNotFound(memory_id))
