"""Documentation looked up and acted on (capture-general): the shape of a fact learned from
outside the project.

In one exchange Claude fetches a page or searches the web (WebFetch, WebSearch), then changes
something (an edit, a command that is not a look). What it then says about the thing it looked
up is a learning about the project's tools: the sentences it says after acting that name the
subject (a word of the page's address path, or two words of the query), with where it looked.
A lookup nothing was done with is reading, not a finding; narration and status reports ("I've
added …") are skipped.
"""

import re
from dataclasses import dataclass

from abzu.domain.extraction.rules import FILE_TOOLS, command_of, is_read_only
from abzu.domain.extraction.sentences import sentences
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import shorten

LOOKUP_TOOLS = frozenset(("WebFetch", "WebSearch"))
MAX_SENTENCES = 2
MAX_MESSAGES = 5  # of what Claude says after acting, the latest
MIN_TERM = 5  # shorter words of an address or a query ("docs", "main", "how") name nothing
_GENERIC = frozenset(("https", "http", "blob", "master", "latest", "stable", "index", "html", "readme",
                      "github", "about", "using", "should", "which", "there", "where", "would"))
_STATUS = re.compile(r"^(?:I|I've|I'll|I'm|We've|Let me|Let's|Now|Next|Done|Created|Added|Updated|Changed)\b")
_WORDS = re.compile(r"[A-Za-z][\w.-]*[A-Za-z0-9]")


@dataclass(frozen=True, slots=True)
class Lookup:
    text: str
    message_uuid: str


def _terms(call: ToolCall) -> tuple[str, tuple[str, ...], int]:
    """(where Claude looked, the words that name its subject, how many must appear)."""
    url, query = call.input.get("url"), call.input.get("query")
    if isinstance(url, str) and url:
        path = url.split("://", 1)[-1].split("?", 1)[0].split("/")[1:]
        words = [w for w in path if len(w) >= MIN_TERM and w.casefold() not in _GENERIC]
        return url, tuple(w.casefold() for w in words), 1
    if isinstance(query, str) and query:
        words = [w for w in _WORDS.findall(query) if len(w) >= MIN_TERM and w.casefold() not in _GENERIC]
        return query, tuple(dict.fromkeys(w.casefold() for w in words)), 2
    return "", (), 1


class LookupTracker:
    """Fed in transcript order (main thread only) by StructuralSignals."""

    def __init__(self) -> None:
        self._looked: list[tuple[str, tuple[str, ...], int]] = []
        self._acted = False
        self._said: list[tuple[str, str]] = []  # (text, uuid) said after acting on a lookup

    def on_human(self) -> Lookup | None:
        found = self.flush()
        self._looked, self._acted, self._said = [], False, []
        return found

    def on_text(self, text: str, uuid: str) -> None:
        if self._acted and text.strip():
            self._said = [*self._said[-(MAX_MESSAGES - 1):], (text, uuid)]

    def on_call(self, call: ToolCall) -> None:
        if call.name in LOOKUP_TOOLS:
            where, terms, needed = _terms(call)
            if terms:
                self._looked.append((where, terms, needed))
        elif self._looked:
            command = command_of(call)
            changes = call.name in FILE_TOOLS or (command is not None and not is_read_only(command))
            self._acted = self._acted or changes

    def flush(self) -> Lookup | None:
        said, self._said = self._said, []
        for where, terms, needed in self._looked:
            for text, uuid in said:
                named = [s for s in sentences(text) if not _STATUS.match(s) and _names(s, terms, needed)]
                if named:
                    said_it = " ".join(named[:MAX_SENTENCES])
                    return Lookup(f"{said_it} (looked up: {shorten(where, 200)})", uuid)
        return None


def _names(sentence: str, terms: tuple[str, ...], needed: int) -> bool:
    folded = sentence.casefold()
    return sum(term in folded for term in terms) >= min(needed, len(terms))
