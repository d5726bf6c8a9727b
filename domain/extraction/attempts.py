"""Learnings from how commands went, not from what was said about them.

- A command that needed several differently-worded attempts, the last introduced as a retry
  ("let me try…", "a different approach"), teaches the form that works; so does a command that
  failed and, run straight away in another form (the same program and subcommand, other
  arguments), passed: `gh issue view 497` refused for a token scope, `… --json title,body` not.
  A check (a test run, a lint, a build) run on other files is not another form of it.
- A failure that recurs and is never fixed in the session is a known problem.
- The same change command succeeding again and again is how the project is worked (a pattern).
"""

import re
from collections import Counter, OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from abzu.domain.extraction.checks import is_check
from abzu.domain.extraction.rules import is_read_only
from abzu.domain.extraction.tasks import bounded_put
from abzu.domain.extraction.transcript_text import shorten

_RETRY = re.compile(r"\b(?:try|trying|retry|different approach|another approach|instead)\b", re.I)
_PREFIXES = re.compile(r"^(?:cd \S+ &&\s*)+")
_WRITES = re.compile(r"<<|^(?:cat|echo|printf|tee)\b|^(?:mkdir|rm|cp|mv|touch|chmod|cd|sleep|kill)\b")
RECURRING_FAILURES = 2
RECURRING_SUCCESSES = 3


@dataclass(frozen=True, slots=True)
class Finding:
    text: str
    message_uuid: str
    pattern: bool = False  # a recurring way of working rather than a learning


def signature(command: str) -> str | None:
    """The program a command runs (its last pipeline stage, `cd … &&` dropped), or None for
    file writes and housekeeping, which teach nothing when retried."""
    stage = _PREFIXES.sub("", command.split(" | ")[-1].strip())
    if not stage or _WRITES.search(stage) or is_read_only(stage):
        return None
    return " ".join(stage.split()[:2])


class AttemptTracker:
    def __init__(self) -> None:
        self._prose = ""
        self._tries: OrderedDict[str, list[str]] = OrderedDict()  # signature -> earlier commands
        self._successes: Counter[str] = Counter()
        self._failed: tuple[str, str] | None = None  # the command just run, when it failed: (it, why)
        self.findings: OrderedDict[str, Finding] = OrderedDict()

    def on_prose(self, text: str) -> None:
        self._prose = text.strip().splitlines()[-1] if text.strip() else self._prose

    def on_corrected(self) -> None:
        """The person corrected Claude since the failure: the next form is theirs, and the
        correction already keeps it (not a form Claude found straight away)."""
        self._failed = None

    def on_command(self, command: str, succeeded: bool, uuid: str, *, quiet: bool = False,
                   error: str = "") -> None:
        """`quiet`: a command read again by a later pass: an attempt, but neither counted nor
        reported again. `error`: what a failed one said."""
        failed, self._failed = self._failed, None if succeeded else (command, error)
        if succeeded and failed is not None and not quiet:
            self._other_form(failed, command, uuid)
        sig = signature(command)
        if sig is None:
            return
        earlier = self._tries.get(sig, [])
        bounded_put(self._tries, sig, [*earlier[-4:], command])
        if not succeeded or quiet:
            return
        self._successes[command] += 1
        if earlier and command not in earlier and _RETRY.search(self._prose):
            why = f" ({shorten(self._prose, 160)})"
            text = (f"`{shorten(sig, 60)}` needed {len(earlier) + 1} attempts; the form that worked: "
                    f"`{shorten(command, 240)}`{why}")
            bounded_put(self.findings, f"retry:{sig}", Finding(text, uuid))
        if self._successes[command] == RECURRING_SUCCESSES:
            times = RECURRING_SUCCESSES
            text = f"Recurring step of this project: `{shorten(command, 240)}` (run {times}+ times)"
            bounded_put(self.findings, f"pattern:{command}", Finding(text, uuid, pattern=True))

    def _other_form(self, failed: tuple[str, str], command: str, uuid: str) -> None:
        before, why = failed
        form = _form(before)
        if not form or command == before or _form(command) != form or "<<" in before:
            return  # an inline script Claude wrote (`python - <<'PY'`) and fixed is churn, not a form
        if is_check(command) or (is_read_only(command) and not command.startswith(f"{before} ")):
            return  # a look at something else; a look with options added is the same look
        text = (f"`{shorten(before, 160)}` failed here ({shorten(why, 200)}); the form that worked: "
                f"`{shorten(command, 240)}`")
        bounded_put(self.findings, f"retry:{signature(command)}", Finding(text, uuid))

    def unresolved(
        self, failures: Counter[str], uuids: dict[str, str], open_lines: list[str],
        causes: Mapping[str, str] | None = None, programs: Mapping[str, str] | None = None,
    ) -> list[Finding]:
        """Failures still open at the end of the session that recurred (RECURRING_FAILURES+
        times) or that Claude explained (`causes`: error line -> its explanation). The open
        failures of one program (`programs`: error line -> program: `uv run app` run three ways,
        failing each time) are one problem: its latest line, their count, the latest cause."""
        why, groups = causes or {}, _by_program([ln for ln in open_lines if ln in uuids], programs or {})
        found = []
        for lines in groups:
            count = sum(max(failures[ln], 1) for ln in lines)
            cause = next((why[ln] for ln in reversed(lines) if ln in why), None)
            if count >= RECURRING_FAILURES or cause is not None:
                text = _unresolved(lines[-1], count) + (f"\nCause: {cause}" if cause else "")
                found.append(Finding(text, uuids[lines[0]]))
        return found


def _form(command: str) -> tuple[str, ...]:
    """The program and its subcommands: what another form of the same call keeps."""
    words = _PREFIXES.sub("", command.split(" | ")[0].strip()).split()
    return tuple(words[:3]) if len(words) >= 3 else ()


def _by_program(lines: list[str], programs: Mapping[str, str]) -> list[list[str]]:
    groups: OrderedDict[str, list[str]] = OrderedDict()
    for line in lines:
        groups.setdefault(programs.get(line) or line, []).append(line)
    return list(groups.values())


def _unresolved(line: str, count: int) -> str:
    if count >= RECURRING_FAILURES:
        return f"Known problem, unresolved in the session (failed {count} times): {line}"
    return f"Unresolved in the session: {line}"
