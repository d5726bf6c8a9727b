"""What of a transcript's text is the user's or Claude's own words (claude-code.md §8.5).

Claude Code mixes into the conversation text that nobody typed: system reminders, slash-command
wrappers and their local output, and hook output — Abzu's own injected memory among it. Mining
that would make memories confirm themselves (an echo loop), so it is removed here.
"""

import re

from abzu.domain.extraction.transcript import ABZU_CONTEXT_MARKER
from abzu.domain.redaction import drop_private

_SYSTEM_REMINDER = re.compile(r"<system-reminder>.*?(?:</system-reminder>|\Z)", re.DOTALL)
_HOOK_OUTPUT = re.compile(r"<user-prompt-submit-hook>.*?(?:</user-prompt-submit-hook>|\Z)", re.DOTALL)
# Wrappers of local commands and `!` shell mode, dropped with their content.
_LOCAL_TAGS = (
    "command-message", "local-command-stdout", "local-command-stderr", "local-command-caveat",
    "bash-input", "bash-stdout", "bash-stderr",
)
_LOCAL = re.compile(
    r"<(" + "|".join(_LOCAL_TAGS) + r")>.*?(?:</\1>|\Z)", re.DOTALL
)
_COMMAND_NAME = re.compile(r"<command-name>(.*?)</command-name>", re.DOTALL)
_COMMAND_ARGS = re.compile(r"<command-args>(.*?)</command-args>", re.DOTALL)
_INTERRUPTED = "[Request interrupted by user"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def is_own_context(text: str) -> bool:
    """Text Abzu injected itself (it always carries the marker line)."""
    return ABZU_CONTEXT_MARKER in text


def is_interruption(text: str) -> bool:
    return text.lstrip().startswith(_INTERRUPTED)


def strip_injected(text: str) -> str:
    """Drop system reminders, hook output and `<private>` spans; text carrying Abzu's marker becomes empty.

    Private spans go here, on the whole message, because extraction later cuts messages into
    sentences and a span's tags may fall in different sentences.
    """
    if is_own_context(text):
        return ""
    return _HOOK_OUTPUT.sub("", _SYSTEM_REMINDER.sub("", drop_private(text)[0])).strip()


def prose(text: str) -> str:
    """The typed words of a user or assistant text: no injected context, no command wrappers.

    A slash command keeps only its name and arguments when it has arguments (`/review the auth
    module` is a request); a bare `/clear` or `/compact` is not something the user said.
    """
    cleaned = strip_injected(text)
    if not cleaned or is_interruption(cleaned):
        return ""
    command = _COMMAND_NAME.search(cleaned)
    if command is None:
        return _LOCAL.sub("", cleaned).strip()
    args = _COMMAND_ARGS.search(cleaned)
    arguments = args.group(1).strip() if args else ""
    return f"{command.group(1).strip()} {arguments}" if arguments else ""


def without_ansi(text: str) -> str:
    return _ANSI.sub("", text)


QUESTION_MARKS = ("?", "？")  # and the full-width mark of Chinese and Japanese


def shorten(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a word boundary when one is near, marked with `…`."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit * 0.6 else cut) + "…"
