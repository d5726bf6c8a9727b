"""What the PreToolUse hook showed in a session: one small file per session, one id a line.

Appends are single `write`s on an O_APPEND descriptor, so two hooks running in parallel (Claude
Code runs matching hooks concurrently) interleave whole lines. A session id that is not a plain
name is never used as a file name: nothing is remembered for it, and nothing breaks.

`os` and `re` only (no pathlib, typing or datetime at import): the hook runs before every edit.
"""

import os
import re
from collections.abc import Collection, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~5 ms) on the hook's path
if TYPE_CHECKING:
    from datetime import timedelta

    from abzu.application.ports import Clock

PLAIN_NAME = re.compile(r"[A-Za-z0-9_.-]{1,128}")  # a session id that may name a journal
JOURNAL_DAYS = 7


class FileShownMemories:  # a `ShownMemories` (application/anchors/ports.py) by shape
    def __init__(self, folder: "str | os.PathLike[str]") -> None:
        self._folder = os.fspath(folder)

    def shown(self, session_id: str) -> Collection[str]:
        path = self._path(session_id)
        if path is None:
            return set()
        try:
            with open(path, encoding="utf-8") as journal:
                return set(journal.read().split())
        except FileNotFoundError:
            return set()

    def add(self, session_id: str, ids: Sequence[str]) -> None:
        path = self._path(session_id)
        if path is None or not ids:
            return
        os.makedirs(self._folder, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, "".join(f"{i}\n" for i in ids).encode("utf-8"))
        finally:
            os.close(fd)

    def _path(self, session_id: str) -> str | None:
        if not PLAIN_NAME.fullmatch(session_id) or session_id.strip(".") == "":
            return None
        return os.path.join(self._folder, session_id)


class ShownJournalRetention:  # a maintenance `Retention` (application/maintenance.py) by shape
    """Deletes the journals of sessions idle for `max_age` (7 days by default): a journal is
    appended to whenever its session is shown something, so a file untouched that long belongs
    to a session that has ended. Maintenance only; a file that vanishes meanwhile is not counted."""

    def __init__(self, folder: "str | os.PathLike[str]", clock: "Clock",
                 max_age: "timedelta | None" = None) -> None:
        self._folder, self._clock, self._max_age = os.fspath(folder), clock, max_age

    def execute(self) -> list[str]:
        from datetime import timedelta

        cutoff = (self._clock.now() - (self._max_age or timedelta(days=JOURNAL_DAYS))).timestamp()
        deleted = []
        for path in self._journals():
            try:
                if os.stat(path).st_mtime < cutoff:
                    os.unlink(path)
                    deleted.append(path)
            except FileNotFoundError:  # another maintenance pass got there first
                continue
        return deleted

    def _journals(self) -> list[str]:
        try:
            with os.scandir(self._folder) as entries:
                return [e.path for e in entries if PLAIN_NAME.fullmatch(e.name) and e.is_file()]
        except FileNotFoundError:  # the hook never wrote one
            return []
