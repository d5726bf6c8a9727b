"""Project completion (spec §6, §9, §13): what Abzu reads from a project's em.db, what it stages.

em.db belongs to the EM; Abzu reads it once, when the project completes, and distills:
- mail threads: choices stated in messages (the session heuristics' decision sentences) and
  lessons ("turns out", "root cause", "lesson") become decisions and learnings;
- bugs that were fixed: error → fix pairs become fixes;
- PM decisions: what was proposed, what the human decided and why become decisions.
Each draft names where it came from (thread, bug or decision id) as its provenance.
"""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from abzu.domain.category import Category
from abzu.domain.extraction.decisions import decision_sentences

RETENTION = timedelta(days=30)
FIXED = frozenset({"fixed", "resolved", "closed", "done", "verified"})
_LESSON = re.compile(r"\b(?:turns out|root cause|lesson|learned|learnt|gotcha|the trick)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass(frozen=True, slots=True)
class MailMessage:
    sender: str
    body: str


@dataclass(frozen=True, slots=True)
class MailThread:
    id: str
    subject: str
    messages: tuple[MailMessage, ...]


@dataclass(frozen=True, slots=True)
class Bug:
    id: str
    title: str
    error: str
    fix: str
    status: str


@dataclass(frozen=True, slots=True)
class PmDecision:
    id: str
    proposal: str
    decision: str
    rationale: str


@dataclass(frozen=True, slots=True)
class EmRecords:
    threads: tuple[MailThread, ...]
    bugs: tuple[Bug, ...]
    decisions: tuple[PmDecision, ...]


@dataclass(frozen=True, slots=True)
class EmDraft:
    content: str
    category: Category
    summary: str
    provenance: str  # e.g. "em.db thread t-12"


def distill(records: EmRecords) -> list[EmDraft]:
    drafts = [d for t in records.threads for d in _from_thread(t)]
    drafts += [_from_bug(b) for b in records.bugs if _was_fixed(b)]
    drafts += [_from_decision(d) for d in records.decisions if d.decision.strip()]
    return drafts


def _from_thread(thread: MailThread) -> list[EmDraft]:
    where, subject = f"em.db thread {thread.id}", thread.subject.strip() or "(no subject)"
    drafts: list[EmDraft] = []
    for message in thread.messages:
        chosen = set(decision_sentences(message.body))
        for sentence in chosen:
            drafts.append(EmDraft(f"{sentence} ({message.sender}, thread '{subject}')",
                                  Category.DECISION, subject[:120], where))
        for sentence in _lessons(message.body, chosen):
            drafts.append(EmDraft(f"{sentence} ({message.sender}, thread '{subject}')",
                                  Category.LEARNING, subject[:120], where))
    return drafts


def _lessons(body: str, taken: set[str]) -> list[str]:
    sentences = (" ".join(s.split()) for s in _SENTENCE.split(body))
    return [s for s in sentences if 20 <= len(s) <= 400 and _LESSON.search(s) and s not in taken]


def _was_fixed(bug: Bug) -> bool:
    return bug.status.strip().lower() in FIXED and bool(bug.error.strip()) and bool(bug.fix.strip())


def _from_bug(bug: Bug) -> EmDraft:
    title = bug.title.strip() or bug.error.strip().splitlines()[0]
    return EmDraft(f"{title}: {bug.error.strip()}\nFixed by: {bug.fix.strip()}", Category.FIX,
                   f"Fix: {title}"[:120], f"em.db bug {bug.id}")


def _from_decision(d: PmDecision) -> EmDraft:
    text = f"PM decision: {d.decision.strip()}"
    if d.proposal.strip():
        text += f" (proposed: {d.proposal.strip()})"
    if d.rationale.strip():
        text += f". Why: {d.rationale.strip()}"
    return EmDraft(text, Category.DECISION, d.decision.strip()[:120], f"em.db decision {d.id}")


@dataclass(frozen=True, slots=True)
class Completion:
    """A completed project: when, which em.db, and whether that file is kept beyond 30 days."""

    project: str
    em_db: str
    completed_at: datetime
    keep: bool = False
    deleted_at: datetime | None = None

    @property
    def delete_after(self) -> datetime | None:
        return None if self.keep else self.completed_at + RETENTION

    def due(self, now: datetime) -> bool:
        return self.deleted_at is None and self.delete_after is not None and now >= self.delete_after
