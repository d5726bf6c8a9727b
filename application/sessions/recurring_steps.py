"""Use case: stage the steps a project's sessions take again and again as patterns (issue 30.2,
"the same command recurring across sessions of a project"; domain/sessions/recurring.py).

Run by FinalizeSession with the texts it found; staged like every mined candidate (the same
redaction, format checks and dedup as `remember`: the same step proposed by a later session
is the same text, and is not staged twice)."""

from collections.abc import Sequence
from dataclasses import dataclass

from abzu.application.remember import RememberRequest
from abzu.application.remember_many import RememberMany
from abzu.domain.bead import CandidateSource, VouchedBy
from abzu.domain.category import Category
from abzu.domain.dedup import DedupOutcome


@dataclass(frozen=True, slots=True)
class StageRecurringSteps:
    remember: RememberMany

    def execute(self, session_id: str, project: str, texts: Sequence[str], commands: Sequence[str]) -> int:
        """How many patterns were staged (0: none new)."""
        requests = [RememberRequest(
            content=text, category=Category.PATTERN.value, project=project,
            source=CandidateSource.SESSION_END, session_id=session_id,
            context="Recurring across the project's sessions", commands=(command,),
            vouched_by=VouchedBy.AGENT,
        ) for text, command in zip(texts, commands, strict=True)]
        if not requests:
            return 0
        done = self.remember.execute(requests)
        return len(requests) - done.failed - done.count(DedupOutcome.SKIPPED_DUPLICATE)
