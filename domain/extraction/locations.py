"""Where something lives, when it was hard to find (capture-general).

The shape: Claude searches for files by name (`find ROOT -name PATTERN`), the search finds
none, and a later search for the same name under another root finds it. Where it was found,
and where it was not, is a learning: the next session looks there first. A search that finds
the file at once is no finding; neither is a name too vague to mean anything (`*.md`).
"""

import re
from collections import OrderedDict
from dataclasses import dataclass

from abzu.domain.extraction.tasks import bounded_put
from abzu.domain.extraction.transcript_text import shorten

MIN_LETTERS = 4
_FIND = re.compile(
    r"(?:^|[;&|(]\s*)find\s+((?:\\ |\"[^\"]*\"|'[^']*'|[^\s;&|])+)[^;&|]*?\s-i?(?:name|path)\s+"
    r"[\"']?([^\s\"']+)"
)
_PATH_LINE = re.compile(r"^\s*(?:/|~/|\./)\S*")


@dataclass(frozen=True, slots=True)
class Location:
    text: str
    message_uuid: str


def _searched(command: str) -> tuple[str, str] | None:
    """(root, the name looked for) of a `find … -name PATTERN`; None when the name is vague."""
    found = _FIND.search(command)
    if found is None:
        return None
    name = re.sub(r"[*?\[\]]", "", found.group(2)).strip(".")
    if sum(c.isalpha() for c in name) < MIN_LETTERS:
        return None
    return found.group(1).strip("\"'").replace("\\ ", " "), name.casefold()


class LocationTracker:
    def __init__(self) -> None:
        self._missed: OrderedDict[str, str] = OrderedDict()  # name -> root where it was not found
        self._reported: set[str] = set()

    def on_search(self, command: str, output: str, uuid: str) -> Location | None:
        searched = _searched(command)
        if searched is None:
            return None
        root, name = searched
        hits = [ln.strip() for ln in output.splitlines() if _PATH_LINE.match(ln) and name in ln.casefold()]
        if not hits:
            bounded_put(self._missed, name, root)
            return None
        missed_in = self._missed.get(name)
        if missed_in is None or missed_in == root or name in self._reported:
            return None
        self._reported.add(name)
        return Location(f"Where the `{name}` files are: {shorten(hits[0], 200)} (not under "
                        f"{shorten(missed_in, 160)}: a search there found none; found by "
                        f"`{shorten(command, 200)}`)", uuid)
