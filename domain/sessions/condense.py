"""Heuristic condensation of session summaries (spec §7): decisions, direction, active files.

Deterministic and LLM-free: it runs inside a hook, before Claude has any context. The output is
built from stored text, so callers quote it as data.
"""

import re
from collections.abc import Iterable, Sequence

from abzu.domain.sessions.summary import SessionSummary

# Patterns, not compiled ones: `re` compiles (and caches) each on first use, so a session start
# whose last summary fits uncondensed never pays for them (issue 13: no work at import).
_DECISION = (
    r"(?i)\b(decided|decision|decide|we'll|we will|i'll use|going with|go with|instead of|"
    r"switched to|switch to|chose|chosen|agreed|settled on|opted)\b"
)
_DIRECTION = r"(?i)(current work|next step|direction|working on|in progress)"
_PATH = r"(?<![\w/])(?:[\w.-]+/)*[\w-]+\.[A-Za-z][\w]{0,5}\b"
_SENTENCE = r"(?<=[.!?])\s+|\n+"
_BULLET = r"^\s*(?:[-*•>]|\d+[.)])\s*"
_NOT_FILES = {"e.g", "i.e", "etc.", "vs."}

MAX_DECISION_CHARS = 240
MAX_FILES = 12


def _texts(summary: SessionSummary) -> list[str]:
    return [t for t in (summary.conversational_state, summary.operational_state) if t]


def _sentences(text: str) -> Iterable[str]:
    for raw in re.split(_SENTENCE, text):
        sentence = re.sub(_BULLET, "", raw).strip()
        if sentence:
            yield sentence


def decisions(summaries: Sequence[SessionSummary]) -> list[str]:
    """Sentences that state a decision, oldest first, duplicates removed."""
    found: dict[str, str] = {}
    for summary in summaries:
        for text in _texts(summary):
            for sentence in _sentences(text):
                if re.search(_DECISION, sentence):
                    found.setdefault(" ".join(sentence.casefold().split()), _short(sentence))
    return list(found.values())


def active_files(summaries: Sequence[SessionSummary]) -> list[str]:
    """Paths mentioned, most recent summary first (what the session was last touching)."""
    seen: dict[str, None] = {}
    for summary in reversed(summaries):
        for text in _texts(summary):
            for path in re.findall(_PATH, text):
                if path.casefold() not in _NOT_FILES and not path[0].isdigit():
                    seen.setdefault(path, None)
    return list(seen)[:MAX_FILES]


def direction(summary: SessionSummary) -> str | None:
    """Where a summary says the work was heading: the text after a "current work" or "next
    step" heading, else its last sentence."""
    text = summary.conversational_state or summary.operational_state or ""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for i, line in enumerate(lines):
        if re.search(_DIRECTION, line):
            rest = line.split(":", 1)[1].strip() if ":" in line else ""
            following = rest or (lines[i + 1] if i + 1 < len(lines) else "")
            if following:
                return _short(re.sub(_BULLET, "", following))
    sentences = list(_sentences(text))
    return _short(sentences[-1]) if sentences else None


def condensed(earlier: Sequence[SessionSummary]) -> str:
    """One narrative for all earlier summaries ("summary of summaries")."""
    lines = [f"Earlier in this session ({len(earlier)} snapshot(s), condensed by Abzu):"]
    found = decisions(earlier)
    if found:
        lines.append("> Decisions: " + " | ".join(found))
    heading = direction(earlier[-1]) if earlier else None
    if heading:
        lines.append(f"> Direction then: {heading}")
    files = active_files(earlier)
    if files:
        lines.append("> Active files: " + ", ".join(files))
    return "\n".join(lines)


def key_decisions(earlier: Sequence[SessionSummary], room: int) -> str:
    """The decisions of earlier summaries as a list, as many as fit in `room` characters."""
    lines = [f"Key decisions from {len(earlier)} earlier snapshot(s) (more via recall):"]
    for decision in decisions(earlier):
        if len("\n".join([*lines, f"> - {decision}"])) <= room:
            lines.append(f"> - {decision}")
    return "\n".join(lines) if len(lines) > 1 else ""


def _short(sentence: str) -> str:
    flat = " ".join(sentence.split())
    return flat if len(flat) <= MAX_DECISION_CHARS else flat[: MAX_DECISION_CHARS - 1] + "…"
