"""Appendix A: which old Enki beads become staged candidates, and under which category.

Old beads carry a `type` (decision, learning, solution, violation); the new store has five
categories. A violation was a lesson learnt the hard way, so it becomes a learning. Beads with
no text, or whose text is only redaction placeholders, carry nothing worth reviewing.
"""

import re
from dataclasses import dataclass
from enum import StrEnum

from abzu.domain.category import Category

TYPE_TO_CATEGORY: dict[str, Category] = {
    "decision": Category.DECISION,
    "learning": Category.LEARNING,
    "solution": Category.FIX,
    "violation": Category.LEARNING,
}

# Old Enki and other tools wrote [REDACTED], [REDACTED:rule:ab12], <redacted>, ***REDACTED***.
_PLACEHOLDER = re.compile(r"\[redacted[^\]]*\]|<redacted[^>]*>|\*{0,3}redacted\*{0,3}", re.IGNORECASE)
_MEANINGFUL = re.compile(r"\w{2,}")


@dataclass(frozen=True, slots=True)
class OldBead:
    """One row of the old `beads` table, as much of it as Abzu reads."""

    id: str
    content: str
    type: str
    project: str | None
    summary: str | None = None


class Skip(StrEnum):
    EMPTY = "empty"
    REDACTED = "redacted"
    UNKNOWN_TYPE = "unknown type"


def category_of(bead: OldBead) -> Category | Skip:
    """The category an old bead is staged under, or why it is left behind."""
    if not bead.content.strip():
        return Skip.EMPTY
    if only_placeholders(bead.content):
        return Skip.REDACTED
    return TYPE_TO_CATEGORY.get(bead.type.strip().lower(), Skip.UNKNOWN_TYPE)


def only_placeholders(text: str) -> bool:
    """True when the text holds redaction placeholders and nothing else worth a word."""
    rest = _PLACEHOLDER.sub(" ", text)
    return rest != text and _MEANINGFUL.search(rest) is None
