"""Heuristic session-end extraction (spec §6 step 1): deterministic, no LLM.

`digest(records)` reads what a session did (files it changed, errors it hit, the fixes that
followed, tasks it completed, decisions it stated, the compact summary Claude Code wrote) and
offers it as operational state for summaries and as candidate drafts for staging.

- Errors are failed tool calls and failing commands; permission denials, user rejections,
  interrupts and API errors are not.
- A fix is an error followed by a later success on the same file or command with a change in
  between; a command that simply passes on a re-run fixed nothing.
- Sidechain (subagent) records count as the session's work but are never the user's words.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from abzu.domain.extraction import render as extraction_render
from abzu.domain.extraction.model import CandidateDraft, Decision, FailureTally, FixPair, Note
from abzu.domain.extraction.state import DigestState
from abzu.domain.extraction.tasks import CAP
from abzu.domain.extraction.transcript import TranscriptRecord
from abzu.domain.redaction import redact

__all__ = ["CandidateDraft", "Decision", "FailureTally", "FixPair", "Note", "SessionDigest", "digest"]

# Candidates per pass: below the collections' CAP, so the several items one line can add never
# push the oldest out of a bounded collection before the pass stops.
CANDIDATE_CAP = CAP - 100

_COMPACT_PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:"
)


@dataclass(frozen=True, slots=True)
class SessionDigest:
    files_modified: tuple[str, ...]
    errors: tuple[str, ...]
    fixes: tuple[FixPair, ...]
    tasks_completed: tuple[str, ...]
    decisions: tuple[Decision, ...]
    compact_summary: str | None
    last_user_ask: str | None
    unresolved_errors: tuple[str, ...] = ()  # failures no later success fixed or got past
    resume_offset: int | None = None  # line of the oldest failure still waiting for a fix
    notes: tuple[Note, ...] = ()  # learnings, patterns and preferences
    tasks_not_done: tuple[str, ...] = ()  # marked completed right after a refused change
    open_tasks: tuple[str, ...] = ()  # todos left pending or in progress
    outcome: str | None = None  # Claude's last reply to the last request: what came of it
    capped_at: int | None = None  # byte offset of the first line left unread: the cap was reached
    failure_tally: FailureTally = ()  # failures counted over the session so far (for the next pass)
    fresh: bool = True  # False: every record read had been mined before; nothing is reported
    passed: tuple[str, ...] = ()  # commands whose last run passed ("Bash `npm run build`")

    def operational_state(self) -> str:
        """Compact markdown: files, tasks, fixes, unresolved errors, decisions (bounded size)."""
        return extraction_render.operational_state(
            files=self.files_modified, tasks=self.tasks_completed,
            fixes=[f for f in self.fixes if not f.tool_misuse], unresolved=self.unresolved_errors,
            decisions=self.decisions, last_ask=self.last_user_ask, not_done=self.tasks_not_done,
            open_tasks=self.open_tasks, outcome=self.outcome, passed=self.passed,
        )

    def candidate_drafts(self) -> tuple[CandidateDraft, ...]:
        return extraction_render.candidate_drafts(self.decisions, self.fixes, self.notes)

    @property
    def is_empty(self) -> bool:
        return not (
            self.files_modified or self.errors or self.tasks_completed or self.decisions
            or self.compact_summary or self.last_user_ask or self.outcome
        )


def digest(
    records: Iterable[TranscriptRecord], *, cap: int = CANDIDATE_CAP, seen_to: int = 0,
    earlier: FailureTally = (),
) -> SessionDigest:
    """One pass in order; `records` may be a lazy stream of any length (memory stays bounded).

    Once `cap` candidates are found the pass stops before the next line from the file
    (`capped_at`), instead of letting the bounded collections forget the oldest (issue 20.7):
    the caller keeps its cursor there and the next pass mines the rest.

    Records before byte `seen_to` were mined by an earlier pass: they add nothing of their own
    (state.py); `earlier` is the failure tally that pass left. A pass that read nothing new
    reports nothing (`fresh` False)."""
    state, capped_at = DigestState(seen_to=seen_to, earlier=earlier), None
    for record in records:
        if record.offset >= 0 and state.candidate_count() >= cap:
            capped_at = record.offset
            break
        state.feed(record)
    if capped_at is None:
        state.finish()
    if not state.fresh:
        return SessionDigest((), (), (), (), (), None, None, resume_offset=state.resume_offset(),
                             capped_at=capped_at, failure_tally=state.failure_tally(), fresh=False)
    return SessionDigest(
        files_modified=tuple(state.files), errors=tuple(state.errors), fixes=tuple(state.fixes),
        tasks_completed=tuple(state.tasks.completed), decisions=tuple(state.anchored_decisions()),
        compact_summary=_compact_summary(state.compact_summary),
        last_user_ask=redact(state.last_user_ask).text if state.last_user_ask else None,
        unresolved_errors=tuple(state.open_errors), resume_offset=state.resume_offset(),
        notes=tuple(state.findings()), tasks_not_done=tuple(state.tasks.not_done),
        open_tasks=tuple(state.tasks.open_tasks()),
        outcome=redact(state.last_reply).text if state.last_reply else None, capped_at=capped_at,
        failure_tally=state.failure_tally(), passed=tuple(state.passed),
    )


def _compact_summary(text: str | None) -> str | None:
    if not text:
        return None
    body = text.strip().removeprefix(_COMPACT_PREAMBLE).strip()
    return redact(body).text or None
