"""The history of memory (issue 15): what happened to which item, and when. Never content."""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_SPAN = re.compile(r"(\d{1,5})([mhdw])")


@dataclass(frozen=True, slots=True)
class MemoryEvent:
    at: datetime
    store: str  # "wisdom" or "staging"
    item_id: str
    event: str
    detail: str | None = None
    who: str | None = None  # cli, mcp, hook, review:gemini, review:human, maintenance; None: unknown


def parse_span(text: str) -> timedelta:
    """'30m', '24h', '7d', '2w': how far back `abzu history --since` looks."""
    match = _SPAN.fullmatch(text.strip().lower())
    if match is None:
        raise ValueError(f"--since takes a span like 30m, 24h, 7d or 2w, not {text!r}")
    return timedelta(**{UNITS[match.group(2)]: int(match.group(1))})
