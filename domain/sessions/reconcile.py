"""Reconciling a session's snapshots into its one final summary (spec §7 Session End, §9).

Operational notes (files, tasks, errors) are merged line by line under their headings, with
duplicates across snapshots removed. Claude Code's compact summaries build on each other, so the
most recent conversational state is kept whole and earlier ones contribute only the decisions
it does not already state.
"""

import re
from collections.abc import Sequence

from abzu.domain.sessions.condense import decisions
from abzu.domain.sessions.summary import SessionSummary

# "Title:", "Title (3):", "Title (12): (most recent shown)", "## Title".
_HEADING = re.compile(
    r"^\s*(#{1,6}\s+.+|[^\s-][^:]{0,60}:(?:\s*\((?:\d+|most recent shown)\))?)\s*$"
)
# Lines of the digest's operational state (extraction_render.py) that merge rather than stack.
_FILES = re.compile(r"^Files modified \(\d+\): (?P<files>.*?)(?: \(\+\d+ more\))?$")
_LAST_REQUEST = "Last request:"
_OUTCOME = "Outcome"
HEADING_COUNTS = re.compile(r"\s*\((?:\d+|most recent shown)\)")


def _key(line: str) -> str:
    return " ".join(line.casefold().split())


class _Merged:
    """Operational lines of several snapshots, folded as they come."""

    def __init__(self) -> None:
        self.groups: dict[str, list[str]] = {}
        self.seen: set[tuple[str, str]] = set()
        self.files: dict[str, None] = {}
        self.last_request: str | None = None
        self.outcome: str | None = None
        self.heading = ""

    def feed(self, line: str) -> None:
        if (found := _FILES.match(line.strip())) is not None:
            self.files.update(dict.fromkeys(f.strip() for f in found["files"].split(",") if f.strip()))
        elif line.startswith(_LAST_REQUEST):
            self.last_request, self.outcome = line.rstrip(), None  # an outcome answers its request
        elif line.startswith(_OUTCOME):
            self.outcome = line.rstrip()
        elif _HEADING.match(line):
            self.heading = HEADING_COUNTS.sub("", line.rstrip())
            self.groups.setdefault(self.heading, [])
        elif (key := (_key(self.heading), _key(line))) not in self.seen:
            self.seen.add(key)
            self.groups.setdefault(self.heading, []).append(line.rstrip())

    def text(self) -> str:
        self._drop_fixed()
        blocks = [f"Files modified ({len(self.files)}): {', '.join(self.files)}"] if self.files else []
        blocks += [("\n".join([h, *lines]) if h else "\n".join(lines)) for h, lines in self.groups.items()]
        blocks += [self.last_request] if self.last_request else []
        blocks += [self.outcome] if self.outcome else []
        return "\n".join(b for b in blocks if b.strip())


    def _drop_fixed(self) -> None:
        """An error a later snapshot lists as fixed is no longer unresolved; a task completed
        later is no longer open."""
        done = {_key(ln) for h, ls in self.groups.items() if h.startswith("Tasks completed") for ln in ls}
        for heading, lines in self.groups.items():
            if heading.startswith("Open tasks"):
                lines[:] = [ln for ln in lines if _key(ln) not in done]
        fixed = [_key(line) for h, lines in self.groups.items() if h.startswith("Fixed") for line in lines]
        for heading, lines in self.groups.items():
            if heading.startswith("Unresolved"):
                lines[:] = [ln for ln in lines if not any(f.startswith(_key(ln)) for f in fixed)]
        emptied = ("Unresolved", "Open")
        self.groups = {h: ls for h, ls in self.groups.items() if ls or not h.startswith(emptied)}


def merge_operational(texts: Sequence[str]) -> str:
    """Lines grouped under their headings (first-seen order), each line kept once; the files
    lists become one list and only the latest "Last request" stays."""
    merged = _Merged()
    for text in texts:
        merged.heading = ""
        for line in text.splitlines():
            if line.strip():
                merged.feed(line)
    return merged.text()


def merge_conversational(earlier: Sequence[SessionSummary], latest: str | None) -> str | None:
    """The latest conversational state whole, preceded by earlier decisions it lacks."""
    base = latest or ""
    missing = [d for d in decisions(earlier) if _key(d) not in _key(base)]
    lines = ([f"Earlier decisions: {' | '.join(missing)}"] if missing else []) + (
        [base] if base else []
    )
    return "\n\n".join(lines) or None


def reconcile(
    summaries: Sequence[SessionSummary], *, tail_operational: str | None, tail_conversational: str | None
) -> tuple[str | None, str | None]:
    """(operational, conversational) of the final summary, from the snapshots (oldest first)
    and what the transcript added since the last one."""
    operational = [s.operational_state for s in summaries if s.operational_state]
    if tail_operational:
        operational.append(tail_operational)
    with_conversation = [s for s in summaries if s.conversational_state]
    latest = tail_conversational or (
        with_conversation[-1].conversational_state if with_conversation else None
    )
    earlier = with_conversation if tail_conversational else with_conversation[:-1]
    return (merge_operational(operational) or None), merge_conversational(earlier, latest)
