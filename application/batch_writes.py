"""The write phase of one bulk batch: its new rows gathered in request order, then written
with one statement a store (`add_many`), then the supersedes.

`RememberMany` judged every item in the same write transaction it writes them in (BEGIN
IMMEDIATE: no other writer can change the store between the two), so the memory a verdict
replaces is still live: `MemoryWriter`'s check of that (`_still_current`, one row read a
supersede) is for `Remember`, which judges before it takes the write gate. The final rows are
the ones item-by-item inserts give; only the order of the history's events within the
transaction differs (inserts first).
"""

from dataclasses import dataclass, field

from abzu.application.memory_writer import Draft
from abzu.application.ports import Clock, IdGenerator, UnitOfWork
from abzu.application.remember_io import Destination, Remembered
from abzu.domain.bead import Bead, Candidate
from abzu.domain.dedup import DedupOutcome, DedupVerdict


@dataclass(slots=True)
class BatchWrites:
    ids: IdGenerator
    clock: Clock  # asked per row, as one-by-one inserts are
    beads: list[Bead] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    replaced: list[tuple[bool, str, str]] = field(default_factory=list)  # (permanent, old, new)

    def add(self, draft: Draft, project: str | None, verdict: DedupVerdict) -> Remembered:
        """The memory `draft` becomes (written by `flush`), as `MemoryWriter.insert` stores it."""
        permanent = draft.category.is_permanent_on_write
        new_id = self._row(draft, project, permanent)
        if verdict.outcome is DedupOutcome.SUPERSEDED and verdict.existing_id is not None:
            self.replaced.append((permanent, verdict.existing_id, new_id))
        where = Destination.WISDOM if permanent else Destination.STAGING
        return Remembered(new_id, where, verdict.outcome, project, verdict.existing_id, draft.redactions)

    def flush(self, uow: UnitOfWork) -> None:
        if self.beads:
            uow.beads.add_many(self.beads)
        if self.candidates:
            uow.candidates.add_many(self.candidates)
        for permanent, old, new in self.replaced:
            (uow.beads if permanent else uow.candidates).supersede(old, by=new)

    def _row(self, draft: Draft, project: str | None, permanent: bool) -> str:
        if permanent:
            bead = draft.bead(self.ids.new_id("b"), project, self.clock.now())
            self.beads.append(bead)
            return bead.id
        candidate = draft.candidate(self.ids.new_id("c"), project, self.clock.now())
        self.candidates.append(candidate)
        return candidate.id
