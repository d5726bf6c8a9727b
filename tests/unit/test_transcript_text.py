"""What of a transcript's text counts as someone's words."""

import pytest

from abzu.domain.extraction.transcript import ABZU_CONTEXT_MARKER
from abzu.domain.extraction.transcript_text import prose, shorten, strip_injected


@pytest.mark.parametrize(("raw", "words"), [
    ("fix the login bug", "fix the login bug"),
    ("fix it<system-reminder>\nThe TodoWrite tool hasn't been used\n</system-reminder>", "fix it"),
    ("<command-name>/clear</command-name>\n<command-message>clear</command-message>\n"
     "<command-args></command-args>", ""),
    ("<command-message>review</command-message><command-name>/review</command-name>"
     "<command-args>the auth module</command-args>", "/review the auth module"),
    ("<local-command-stdout>Compacted (ctrl+o to see full summary)</local-command-stdout>", ""),
    ("<bash-input>ls</bash-input>", ""),
    ("[Request interrupted by user for tool use]", ""),
    (f"{ABZU_CONTEXT_MARKER}\nProject memory: use pnpm", ""),
    (f"please recall this: {ABZU_CONTEXT_MARKER} use pnpm", ""),
    ("<system-reminder>unterminated reminder that runs to the end", ""),
])
def test_prose_keeps_only_typed_words(raw: str, words: str) -> None:
    assert prose(raw) == words


def test_tool_output_loses_reminders_but_keeps_tags_it_printed() -> None:
    output = "<command-name>x</command-name> printed by a script<system-reminder>r</system-reminder>"
    assert strip_injected(output) == "<command-name>x</command-name> printed by a script"


def test_shorten_cuts_on_a_word_and_marks_the_cut() -> None:
    assert shorten("alpha beta gamma delta", 14) == "alpha beta…"
    assert shorten("  short   text ", 50) == "short text"
