"""Which loops a session's final summary opens, keeps open and resolves (issue 29).

The final summary's operational state (domain/extraction/render.py, merged by reconcile.py)
lists what the session left open under "Open tasks", "Not done (…)" and "Unresolved errors",
and what it finished under "Tasks completed" and "Fixed". The matching rule:

- a task (open or not done) is the same task when its words are (case, spacing and a trailing
  "…" or "." aside), or when they are nearly the same (dedup's similarity ≥ 0.8: "Write the
  migration guide" and "Write migration guide"); a later session resolves it by listing it
  under "Tasks completed";
- an error is identified by what failed, not by its message (which changes from run to run):
  the tool and the command or file, as in "Bash `npm run build`" or "Edit /src/api/a.py"; a
  later session resolves it by a "Fixed" entry on the same command or file, or by listing the
  command under "Passed at the end" (its last run passed: fixed without failing first). A failed
  look (a read-only command such as `ls`, a Read of a missing file) is not a loop: nothing to
  fix. A summary that lists a command both as unresolved and as passed (two snapshots merged)
  leaves it open.
- A loop closed (resolved or dismissed) is not opened again by a session that started before
  it was closed (a crashed session recovered late); a later session that leaves the same item
  open again opens it again.
"""

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from abzu.domain.dedup import similarity
from abzu.domain.extraction.rules import FILE_TOOLS, is_read_only
from abzu.domain.sessions.loops import ERROR, NOT_DONE, TASK
from abzu.domain.sessions.open_loop import OpenLoop
from abzu.domain.sessions.reconcile import HEADING_COUNTS

TASK_MATCH = 0.8
_OPENING = (("Open tasks", TASK), ("Not done", NOT_DONE), ("Unresolved errors", ERROR))
_ERROR = re.compile(r"^(?P<tool>[A-Za-z_][\w.-]*) (?P<subject>`[^`]*`|\S+): ")
_FIXED_BY = " → fixed by: "
_PASSED = "Passed at the end"


@dataclass(frozen=True, slots=True)
class OpenItem:
    """An item a summary leaves open; `match_key` what it is matched on (kept as its hash)."""

    kind: str
    text: str
    match_key: str

    @property
    def match_hash(self) -> str:
        return key_hash(self.match_key)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class LoopChanges:
    """`resolved`: ids of open loops this session resolved; `seen`: open loops it left open again
    (id, the item as it says it now); `opened`: items no open loop holds yet."""

    resolved: tuple[str, ...]
    seen: tuple[tuple[str, OpenItem], ...]
    opened: tuple[OpenItem, ...]


def track(operational_state: str | None, open_loops: Sequence[OpenLoop], closed: Sequence[OpenLoop],
          *, started_at: datetime | None) -> LoopChanges:
    """What a session's final summary does to the project's loops. `closed`: the project's closed
    loops (for the rule on sessions older than a closing); `started_at`: when the session began."""
    groups = _sections(operational_state or "")
    items = _open_items(groups)
    done = [_task_key(t) for t in groups.get("Tasks completed", [])]
    fixed = {key_hash(k) for line in groups.get("Fixed", []) if (k := _error_key(line.split(_FIXED_BY)[0]))}
    fixed |= {key_hash(k) for line in groups.get(_PASSED, []) if (k := _error_key(f"{line}: "))}
    fixed -= {item.match_hash for item in items if item.kind == ERROR}
    resolved = tuple(loop.id for loop in open_loops if _resolves(loop, done, fixed))
    seen: list[tuple[str, OpenItem]] = []
    opened: list[OpenItem] = []
    for item in items:
        holder = next((loop for loop in open_loops if loop.id not in resolved and _same(loop, item)), None)
        if holder is not None:
            seen.append((holder.id, item))
        elif not _closed_after_start(item, closed, started_at):
            opened.append(item)
    return LoopChanges(resolved, tuple(seen), tuple(opened))


def passed_at_end(operational_state: str | None) -> list[str]:
    """The items of a final summary's "Passed at the end" ("Bash `npm run build`")."""
    return _sections(operational_state or "").get(_PASSED, [])


def _sections(text: str) -> dict[str, list[str]]:
    """The "- " items under each heading, the heading without its counts or colon."""
    groups: dict[str, list[str]] = {}
    heading = ""
    for line in text.splitlines():
        if line.startswith("- "):
            groups.setdefault(heading, []).append(line[2:].strip())
        elif line.strip():
            heading = HEADING_COUNTS.sub("", line.strip()).rstrip(":").strip()
            heading = next((name for name in ("Tasks completed", "Fixed", _PASSED, *(o for o, _ in _OPENING))
                            if heading.startswith(name)), heading)
    return groups


def _open_items(groups: dict[str, list[str]]) -> list[OpenItem]:
    found: dict[str, OpenItem] = {}
    for heading, kind in _OPENING:
        for text in groups.get(heading, []):
            key = _error_key(text) if kind == ERROR else _task_key(text)
            if key and key not in found:
                found[key] = OpenItem(kind, text, key)
    return list(found.values())


def _task_key(text: str) -> str:
    return "task:" + " ".join(text.casefold().rstrip(" .…").split())


def _error_key(line: str) -> str | None:
    """`error:<tool> <command or file>`, or None for a failed look or a failure of no target."""
    found = _ERROR.match(line)
    if found is None:
        return None
    tool, subject = found["tool"], found["subject"]
    if subject.startswith("`"):
        if is_read_only(subject.strip("`")):
            return None
    elif tool not in FILE_TOOLS:
        return None
    return "error:" + " ".join(f"{tool} {subject}".casefold().split())


def _resolves(loop: OpenLoop, done: list[str], fixed: set[str]) -> bool:
    if loop.kind == ERROR:
        return loop.match_hash in fixed
    return any(_same_task(loop, key) for key in done)


def _same(loop: OpenLoop, item: OpenItem) -> bool:
    if (loop.kind == ERROR) != (item.kind == ERROR):
        return False
    return loop.match_hash == item.match_hash if loop.kind == ERROR else _same_task(loop, item.match_key)


def _same_task(loop: OpenLoop, key: str) -> bool:
    """The same words (by hash), or nearly the same (the loop's text against the other's)."""
    return loop.match_hash == key_hash(key) or similarity(
        _task_key(loop.text).removeprefix("task:"), key.removeprefix("task:")) >= TASK_MATCH


def _closed_after_start(item: OpenItem, closed: Sequence[OpenLoop], started_at: datetime | None) -> bool:
    if started_at is None:
        return False
    return any(loop.closed_at is not None and loop.closed_at >= started_at and _same(loop, item)
               for loop in closed)
