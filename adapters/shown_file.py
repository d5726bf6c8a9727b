"""What the PreToolUse hook showed in a session: one small file per session, one id a line.

Appends are single `write`s on an O_APPEND descriptor, so two hooks running in parallel (Claude
Code runs matching hooks concurrently) interleave whole lines. A session id that is not a plain
name is never used as a file name: nothing is remembered for it, and nothing breaks.
"""

import os
import re
from collections.abc import Collection, Sequence
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.application.anchors.ports import ShownMemories

if TYPE_CHECKING:  # the hook's path never needs it
    from abzu.application.ports import Clock

_PLAIN = re.compile(r"[A-Za-z0-9_.-]{1,128}")


class FileShownMemories(ShownMemories):
    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def shown(self, session_id: str) -> Collection[str]:
        path = self._path(session_id)
        try:
            return set(path.read_text(encoding="utf-8").split()) if path else set()
        except FileNotFoundError:
            return set()

    def add(self, session_id: str, ids: Sequence[str]) -> None:
        path = self._path(session_id)
        if path is None or not ids:
            return
        self._folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, "".join(f"{i}\n" for i in ids).encode("utf-8"))
        finally:
            os.close(fd)

    def _path(self, session_id: str) -> Path | None:
        if not _PLAIN.fullmatch(session_id) or session_id.strip(".") == "":
            return None
        return self._folder / session_id


class ShownJournalRetention:  # a maintenance `Retention` (application/maintenance.py) by shape
    """Deletes the journals of sessions idle for `max_age` (issue 16): a journal is appended to
    whenever its session is shown something, so a file untouched that long belongs to a session
    that has ended. Maintenance only; a file that vanishes meanwhile is simply not counted."""

    def __init__(self, folder: Path, clock: "Clock", max_age: timedelta = timedelta(days=7)) -> None:
        self._folder, self._clock, self._max_age = folder, clock, max_age

    def execute(self) -> list[str]:
        cutoff = (self._clock.now() - self._max_age).timestamp()
        deleted = []
        for path in self._journals():
            try:
                if path.stat().st_mtime < cutoff:
                    path.unlink()
                    deleted.append(str(path))
            except FileNotFoundError:  # another maintenance pass got there first
                continue
        return deleted

    def _journals(self) -> list[Path]:
        try:
            return [p for p in self._folder.iterdir() if _PLAIN.fullmatch(p.name) and p.is_file()]
        except FileNotFoundError:  # the hook never wrote one
            return []
