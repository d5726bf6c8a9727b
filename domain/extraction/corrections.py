"""A person correcting the agent (issue 30.2): found by the shape of the exchange, not its words.

A correction is what the user says right after one of:
- a tool call the user rejected (Claude Code's "The user doesn't want to proceed with this tool
  use…"); when the rejection carries the user's feedback ("…the user said: …"), that is it;
- an interrupt (`[Request interrupted by user…]`) of work in progress;
- Claude acting (a tool call since the user's last message), when the message opens by turning
  it down: "no", "don't", "stop", "instead", "never", "always"… A "no" that answers a question
  Claude asked is an answer, not a correction; nor is a new piece of work asked for after an
interrupt ("Make tests like …") without a word on how.
The call it corrected goes with it, so the memory stands alone a month later. Pastes (long
messages, or mostly lines of code) and slash commands correct nothing. A correction that says
how work is to be done ("don't…", "always…", "use…", "instead…") is a preference; one that
states a fact is a learning.
"""

import re
from dataclasses import dataclass

from abzu.domain.category import Category
from abzu.domain.extraction.rules import command_of, file_of
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import QUESTION_MARKS, shorten

MAX_CORRECTION_CHARS = 1_000  # longer: a paste or a new brief, not a correction
WORDS_KEPT = 400
MIN_FACT_WORDS = 6  # fewer, without a directive: the end of an earlier request
_REJECTED = re.compile(r"The user doesn't want to (?:proceed|take this action)", re.IGNORECASE)
_FEEDBACK = re.compile(r"the user said:\s*(.+)", re.IGNORECASE | re.DOTALL)
_TURNS_DOWN = re.compile(
    r"^(?:no|nope|nah|don'?t|do not|stop|instead|rather|never|always|wrong|not (?:that|this|like)"
    r"|that'?s (?:not|wrong)|wait|actually|please (?:don'?t|do not|stop|never))\b",
    re.IGNORECASE,
)
# A new piece of work ("Make integration tests like …"): the person moved on, nothing corrected.
_NEW_TASK = re.compile(
    r"^(?:(?:ok(?:ay)?|now|next|then),?\s+)?(?:make|add|write|create|implement|build|generate)\b",
    re.IGNORECASE,
)
# "stop the server": halting a process is a task, not a turn-down ("stop doing that" is one).
_HALT = re.compile(r"^stop (?:all )?the \w+", re.IGNORECASE)
# A line of code, config or markup rather than prose: a paste, even a short one.
_CODE_LINE = re.compile(r"[{}();,]\s*$|^\s*(?://|#\[|/\*|<\w)|::|=>|^\s{2,}\S")
_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_DIRECTIVE = re.compile(
    r"\b(?:don'?t|do not|never|always|instead|rather|prefer|should|must|stop|avoid|keep|use|please)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Correction:
    text: str  # the stored memory: the user's words and what they corrected
    said: str  # the user's words alone (the candidate's context)
    category: Category


def _bare(text: str) -> bool:
    """"no", "stop", "377": an answer or a halt with nothing in it to remember."""
    return len(_WORD.findall(text)) < 2 and len(text) < 8


def _fragment(text: str) -> bool:
    """"as in the installer", "with the new changes": a few words that finish the request the
    person made before; said without a directive, they state nothing that stands alone."""
    return len(_WORD.findall(text)) < MIN_FACT_WORDS


def _code(text: str) -> bool:
    """Mostly lines of code (a struct, a stack, a config block pasted after an interrupt)."""
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 3 and sum(1 for line in lines if _CODE_LINE.search(line)) * 5 >= len(lines) * 3


def _only_questions(text: str) -> bool:
    return all(part.endswith(QUESTION_MARKS) for part in _SENTENCE_END.split(text.strip()) if part)


def is_rejection(output: str) -> bool:
    return _REJECTED.search(output[:300]) is not None


def what_it_did(call: ToolCall | None) -> str:
    """The corrected call in a few words: "Bash `npm install x`", "Edit src/a.py"."""
    if call is None:
        return "a tool call"
    command = command_of(call)
    subject = f"`{shorten(command, 120)}`" if command else (file_of(call) or "")
    return f"{call.name} {subject}".strip()


class CorrectionTracker:
    """Fed in transcript order by DigestState; `on_human` says whether a message corrects."""

    def __init__(self) -> None:
        self._corrected: str | None = None  # the call rejected or interrupted, waiting for words
        self._last_call: str | None = None  # Claude's last call since the user last spoke
        self._asked = False  # Claude's last words ended with a question

    def on_assistant(self, text: str, calls: tuple[ToolCall, ...]) -> None:
        if text.strip():
            self._asked = text.rstrip().endswith(QUESTION_MARKS)
        if calls:
            self._last_call, self._asked = what_it_did(calls[-1]), False

    def on_rejected(self, call: ToolCall | None, output: str) -> Correction | None:
        """A rejected call; its feedback, when it carries one, is the correction itself."""
        self._corrected = what_it_did(call)
        feedback = _FEEDBACK.search(output)
        return self._correction(feedback.group(1)) if feedback else None

    def on_interrupt(self) -> None:
        self._corrected = self._corrected or self._last_call or "work in progress"

    def on_human(self, text: str) -> Correction | None:
        turned_down = self._last_call is not None and not self._asked and _TURNS_DOWN.match(text.lstrip())
        if self._corrected is None and not turned_down:
            self._reset()
            return None
        return self._correction(text)

    def _correction(self, words: str) -> Correction | None:
        corrected = self._corrected or self._last_call or "work in progress"
        self._reset()
        said = words.strip()
        if not said or len(said) > MAX_CORRECTION_CHARS or said.startswith("/") or _bare(said) or _code(said):
            return None
        halt = _HALT.match(said)
        if halt is not None and _DIRECTIVE.search(said, halt.end()) is None:
            return None
        directive = _DIRECTIVE.search(said) is not None
        if not directive and (_only_questions(said) or _NEW_TASK.match(said) or _fragment(said)):
            return None  # "why did you do that?" asks, "Add tests for …" moves on: neither corrects
        kept = shorten(said, WORDS_KEPT)
        category = Category.PREFERENCE if directive else Category.LEARNING
        return Correction(f"{kept} (the user, correcting Claude's {corrected})", said, category)

    def _reset(self) -> None:
        self._corrected = self._last_call = None
        self._asked = False
