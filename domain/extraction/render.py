"""How a digest reads: the operational state of a summary, and the candidates it offers."""

from collections.abc import Sequence
from dataclasses import replace

from abzu.domain.category import Category
from abzu.domain.extraction.model import CandidateDraft, Decision, FixPair, Note
from abzu.domain.extraction.transcript_text import shorten
from abzu.domain.redaction import redact

MAX_OPERATIONAL_CHARS = 2_400
ITEM_CHARS = 220
SUMMARY_CHARS = 120
OUTCOME_CHARS = 400
_LIMITS = {"files": 15, "tasks": 10, "fixes": 5, "errors": 5, "decisions": 5}


def operational_state(
    *, files: Sequence[str], tasks: Sequence[str], fixes: Sequence[FixPair],
    unresolved: Sequence[str], decisions: Sequence[Decision], last_ask: str | None,
    not_done: Sequence[str] = (), open_tasks: Sequence[str] = (), outcome: str | None = None,
    passed: Sequence[str] = (),
) -> str:
    """Compact markdown, most recent items first where recency matters, ≤ MAX_OPERATIONAL_CHARS:
    what was done, what state it is in (fixed, unresolved, not done), what is open, the
    commands whose last run passed (a later session's proof that an earlier error is gone), and
    the outcome of the last request in Claude's own last words."""
    lines: list[str] = []
    if files:
        shown = ", ".join(files[-_LIMITS["files"]:])
        more = len(files) - _LIMITS["files"]
        lines.append(f"Files modified ({len(files)}): {shown}" + (f" (+{more} more)" if more > 0 else ""))
    lines += _section("Tasks completed", tasks, _LIMITS["tasks"])
    lines += _section("Not done (a change was denied or failed)", not_done, _LIMITS["tasks"])
    lines += _section("Open tasks", open_tasks, _LIMITS["tasks"])
    lines += _section("Fixed", [f"{f.error} → fixed by: {f.change}" for f in fixes], _LIMITS["fixes"])
    lines += _section("Unresolved errors", unresolved, _LIMITS["errors"])
    lines += _section("Passed at the end", passed, _LIMITS["errors"])
    lines += _section("Decisions", [d.text for d in decisions], _LIMITS["decisions"])
    if last_ask:
        lines.append(f"Last request: {shorten(last_ask, ITEM_CHARS)}")
    if outcome:
        # Claude's words may claim what a denied change never did: say so beside them.
        caveat = " (as Claude reported it; see Not done)" if not_done else ""
        lines.append(f"Outcome{caveat}: {shorten(' '.join(outcome.split()), OUTCOME_CHARS)}")
    return _bounded(redact("\n".join(lines)).text, MAX_OPERATIONAL_CHARS)


def _section(title: str, items: Sequence[str], limit: int) -> list[str]:
    if not items:
        return []
    recent = items[-limit:]
    header = f"{title} ({len(items)}):" + (" (most recent shown)" if len(items) > limit else "")
    return [header, *(f"- {shorten(item, ITEM_CHARS)}" for item in recent)]


def _bounded(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return cut[: cut.rfind("\n")] if "\n" in cut else cut + "…"


def candidate_drafts(
    decisions: Sequence[Decision], fixes: Sequence[FixPair], notes: Sequence[Note] = ()
) -> tuple[CandidateDraft, ...]:
    """Decisions, fixes that stand alone (fixes.py), learnings, patterns and preferences; fixes
    of Claude Code refusing a call teach nothing about the project."""
    drafts = [replace(_draft(d.text, Category.DECISION, d.text, d.message_uuid, d.files, d.context),
                      commands=d.commands) for d in decisions]
    drafts += [replace(_draft(fix_text(f), Category.FIX, f"Fix: {f.target}", f.fix_uuid, f.files),
                       commands=f.commands) for f in fixes if f.standalone]
    drafts += [replace(_draft(n.text, n.category, n.text, n.message_uuid, n.files, n.context),
                       commands=n.commands) for n in notes]
    return tuple(drafts)


def fix_text(fix: FixPair) -> str:
    """A fix as it must read a month later: what failed, why, what changed, what then passed."""
    cause = f"\nCause: {fix.cause}" if fix.cause else ""
    files = f"\nFiles changed: {', '.join(fix.files)}" if fix.files else ""
    proof = f"\nThen passed: `{fix.proof}`" if fix.proof else ""  # a reported failure: the person runs it
    return f"{fix.error}{cause}\nFixed by: {fix.change}{proof}{files}"


def _draft(
    content: str, category: Category, summary: str, uuid: str, files: tuple[str, ...], context: str = ""
) -> CandidateDraft:
    return CandidateDraft(
        content=redact(content).text, category=category,
        summary=redact(shorten(summary, SUMMARY_CHARS)).text, message_uuid=uuid, files=files,
        context=redact(context).text,
    )
