"""Use cases: `abzu complete-project NAME` and the em.db retention pass (spec §6, §9, §13)."""

import logging
from dataclasses import dataclass, replace

from returns.result import Failure, Result, Success

from abzu.application.enki.ports import CompletionLog, EmFiles, EmReader, UnreadableStore
from abzu.application.ports import Clock
from abzu.application.remember_io import RememberRequest
from abzu.application.remember_many import RememberMany
from abzu.domain.bead import CandidateSource
from abzu.domain.dedup import DedupOutcome
from abzu.domain.enki.em import Completion, EmDraft, distill

log = logging.getLogger("abzu.enki")


@dataclass(frozen=True, slots=True)
class CompleteRequest:
    project: str
    em_db: str
    keep: bool = False


@dataclass(frozen=True, slots=True)
class Completed:
    completion: Completion
    drafts: int
    staged: int
    already_there: int
    invalid: int = 0
    contents: tuple[str, ...] = ()  # the drafts' texts: what a distiller is given to improve


@dataclass(frozen=True, slots=True)
class CompleteProject:
    """- Reads em.db read-only and distills threads, fixed bugs and PM decisions (domain/enki/em.py).
    - Stages every draft as a candidate of the project (`source = project_completion`, the
      thread / bug / decision id as provenance); review decides what reaches wisdom.db.
    - Records the completion date (the first one: completing again does not extend em.db's life);
      `keep` opts the file out of the 30-day deletion.
    - Idempotent: completing twice stages nothing new.
    """

    reader: EmReader
    remember_many: RememberMany
    completions: CompletionLog
    clock: Clock

    def execute(self, request: CompleteRequest) -> Result[Completed, UnreadableStore]:
        match self.reader.read(request.em_db):
            case Failure(err):
                return Failure(err)
            case Success(records):
                drafts = distill(records)
        done = self.remember_many.execute([_request(d, request.project) for d in drafts])
        completion = self._record(request)
        staged = done.count(DedupOutcome.STORED) + done.count(DedupOutcome.SUPERSEDED)
        return Success(Completed(completion, len(drafts), staged, done.count(DedupOutcome.SKIPPED_DUPLICATE),
                                 done.failed, tuple(d.content for d in drafts)))

    def _record(self, request: CompleteRequest) -> Completion:
        earlier = self.completions.get(request.project)
        at = earlier.completed_at if earlier else self.clock.now()
        completion = Completion(request.project, request.em_db, at, keep=request.keep)
        self.completions.put(completion)
        return completion


def _request(draft: EmDraft, project: str) -> RememberRequest:
    return RememberRequest(
        draft.content, draft.category.value, project=project, summary=draft.summary,
        source=CandidateSource.PROJECT_COMPLETION, context=draft.provenance,
    )


@dataclass(frozen=True, slots=True)
class ExpireEmDbs:
    """Deletes the em.db of every project completed 30 days ago or more (unless kept); logged."""

    completions: CompletionLog
    files: EmFiles
    clock: Clock

    def execute(self) -> list[str]:
        now, gone = self.clock.now(), list[str]()
        for completion in self.completions.all():
            if not completion.due(now):
                continue
            try:
                removed = self.files.remove(completion.em_db)
            except OSError as exc:  # retried by the next pass; maintenance goes on
                log.warning("em.db of %s not deleted: %s", completion.project, exc)
                continue
            if removed:
                log.info("em.db of %s deleted: completed %s, 30 days passed",
                         completion.project, completion.completed_at.date())
                gone.append(completion.em_db)
            self.completions.put(replace(completion, deleted_at=now))
        return gone
