"""Use case: remember many pieces of knowledge at once (bulk import; spec §6, §10)."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from returns.pipeline import is_successful
from returns.result import Result

from abzu.application.memory_writer import Draft, MemoryWriter, prepare
from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace
from abzu.application.projects import resolve_project
from abzu.application.remember_io import Remembered, RememberError, RememberRequest
from abzu.domain.content import MAX_CONTENT_CHARS
from abzu.domain.dedup import DedupOutcome, DedupPolicy

DEFAULT_BATCH_SIZE = 500
ItemResult = Result[Remembered, RememberError]


@dataclass(frozen=True, slots=True)
class RememberedMany:
    """One result per request, in request order."""

    items: tuple[ItemResult, ...]

    def count(self, outcome: DedupOutcome) -> int:
        return sum(1 for r in self.items if is_successful(r) and _outcome(r.unwrap()) is outcome)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.items if not is_successful(r))


@dataclass(frozen=True, slots=True)
class RememberMany:
    """- Every item follows exactly Remember's rules: validation, NUL stripping, redaction,
      preferences to wisdom.db and the rest to staging, duplicate skip and supersede.
    - Items are deduplicated against earlier items of the same import, as if remembered one by one.
    - One transaction per batch of `batch_size` items: a batch is stored whole or not at all.
    - An invalid item is reported in its place and does not stop the others.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator
    workspace: Workspace
    dedup: DedupPolicy = field(default_factory=DedupPolicy)
    max_chars: int = MAX_CONTENT_CHARS
    batch_size: int = DEFAULT_BATCH_SIZE

    def execute(self, requests: Sequence[RememberRequest]) -> RememberedMany:
        size = max(1, self.batch_size)
        results: list[ItemResult] = []
        for start in range(0, len(requests), size):
            results += self._batch(requests[start : start + size])
        return RememberedMany(tuple(results))

    def _batch(self, batch: Sequence[RememberRequest]) -> list[ItemResult]:
        drafts = [prepare(r, max_chars=self.max_chars) for r in batch]
        now = self.clock.now()
        with self.uow as uow:
            writer = MemoryWriter(uow, self.clock, self.ids, self.dedup)
            projects: dict[tuple[bool, str | None], str | None] = {}

            def write(draft: Draft) -> Remembered:
                request = draft.request
                key = (request.is_global, request.project)
                if key not in projects:
                    projects[key] = self._project(request, now)
                return writer.write(draft, projects[key])

            results = [d.map(write) for d in drafts]
            for project in {p for p in projects.values() if p is not None}:
                uow.projects.touch(project, now)
            uow.commit()
        return results

    def _project(self, request: RememberRequest, now: datetime) -> str | None:
        if request.is_global:
            return None
        return resolve_project(self.uow.projects, self.workspace, request.project, now)


def _outcome(remembered: Remembered) -> DedupOutcome:
    return remembered.outcome

