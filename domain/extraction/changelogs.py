"""What the project's changelog now says (issue 30.2): the shape of a change recorded on purpose.

A changelog (CHANGELOG, CHANGES, HISTORY, NEWS, RELEASE_NOTES; Markdown, reStructuredText or
text) is written for a reader who was not there, in the project's own terms, as a commit message
is (commits.py): the lines an Edit adds to one say what changed and often why. Each Edit is one
candidate, a decision; at most MAX_ENTRIES per pass, the longest (a version bump line says
little). A Write of a whole changelog is not read: the reader keeps no Write's text but a memory
file's, and a new changelog restates the project's history, not this session's change.
"""

import re
from dataclasses import dataclass

from abzu.domain.extraction.rules import added_lines, edit_pairs, file_of
from abzu.domain.extraction.tasks import CAP
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import shorten

_CHANGELOG = re.compile(
    r"(?:^|[/\\])(?:CHANGELOG|CHANGES|HISTORY|NEWS|RELEASE[-_ ]?NOTES)(?:\.(?:md|rst|txt))?$", re.IGNORECASE)
MAX_ENTRIES, MIN_CHARS, MAX_CHARS = 3, 60, 700


@dataclass(frozen=True, slots=True)
class Entry:
    text: str
    message_uuid: str
    request: str | None


def changelog_entry(call: ToolCall) -> str | None:
    """The lines an Edit of a changelog adds, as one line of text, or None."""
    path = file_of(call)
    if call.name not in ("Edit", "MultiEdit") or path is None or _CHANGELOG.search(path) is None:
        return None
    added = [line for old, new in edit_pairs(call) for line in added_lines(old, new)]
    text = " ".join(" ".join(added).split())
    if len(text) < MIN_CHARS:
        return None
    name = re.split(r"[/\\]", path)[-1]
    return shorten(f"Changelog ({name}): {text}", MAX_CHARS)


class ChangelogTracker:
    def __init__(self) -> None:
        self._entries: list[Entry] = []

    def on_call(self, call: ToolCall, uuid: str, request: str | None) -> None:
        entry = changelog_entry(call)
        if entry is not None:
            self._entries.append(Entry(entry, uuid, request))
            if len(self._entries) > CAP:  # bounded like every collection of a pass: the shortest goes
                self._entries.remove(min(self._entries, key=lambda e: len(e.text)))

    def kept(self) -> list[Entry]:
        """The longest entries, in the order they were written."""
        best = sorted(self._entries, key=lambda e: len(e.text), reverse=True)[:MAX_ENTRIES]
        return [e for e in self._entries if e in best]
