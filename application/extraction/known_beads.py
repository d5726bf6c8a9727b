"""Use case: the reviewed beads a distiller must not repeat (spec §6 step 2, "the project's
existing beads"): the project's beads closest to what the session produced, at most `limit`
(a project's whole memory would not fit a prompt, and most of it has nothing to do with it).
Read-only."""

from collections.abc import Sequence
from dataclasses import dataclass

from abzu.application.ports import UnitOfWork
from abzu.domain.text import keywords

LIMIT = 30


@dataclass(frozen=True, slots=True)
class KnownBeads:
    uow: UnitOfWork
    limit: int = LIMIT

    def execute(self, project: str | None, texts: Sequence[str]) -> tuple[str, ...]:
        """No project (a session outside any): none; a global bead is no project's to repeat."""
        terms = keywords(" ".join(texts))
        if project is None or not terms:
            return ()
        with self.uow as uow:
            return tuple(b.content for b in uow.beads.related(terms, project, self.limit))
