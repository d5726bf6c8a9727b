"""A step a project's sessions take again and again (issue 30.2, "the same command recurring
across sessions of a project → a pattern").

Each final summary lists the commands whose last run passed ("Passed at the end"). A program
that passed in this session and in at least MIN_SESSIONS - 1 of the project's other kept
sessions (the newest final summaries) is how the project is worked: its test or build command.
One pattern per program, in this session's form of the command; the text does not count the
sessions, so the next session proposing it again is the same text (dedup keeps one). A check
(a test run, a lint, a build) is left out: the first session that ran it after its edits
staged it already (extraction/checks.py).
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from abzu.domain.extraction.checks import is_check
from abzu.domain.extraction.fixes import program_of
from abzu.domain.sessions.loop_tracking import passed_at_end

MIN_SESSIONS = 3
_COMMAND = re.compile(r"^\w+ `(?P<command>[^`]+)`")


def _programs(operational_state: str | None) -> dict[str, str]:
    """program -> the command that ran it, of one final summary."""
    found: dict[str, str] = {}
    for item in passed_at_end(operational_state):
        matched = _COMMAND.match(item)
        program = program_of(matched["command"]) if matched else None
        if matched and program and not is_check(matched["command"]):
            found.setdefault(program, matched["command"])
    return found


@dataclass(frozen=True, slots=True)
class RecurringStep:
    text: str
    program: str  # its anchor (the command prefix, no argument)


def recurring_steps(current: str | None, earlier: Sequence[str | None]) -> list[RecurringStep]:
    """The patterns of this session's final summary `current`, given the project's other final
    summaries `earlier`."""
    seen = [set(_programs(text)) for text in earlier]
    return [
        RecurringStep(f"Recurring step of this project across sessions: `{command}` (its last run "
                      f"passed in {MIN_SESSIONS} or more of the project's recent sessions)", program)
        for program, command in _programs(current).items()
        if sum(program in programs for programs in seen) >= MIN_SESSIONS - 1
    ]
