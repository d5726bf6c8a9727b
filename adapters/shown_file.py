"""What the PreToolUse hook showed in a session: one small file per session, one id a line.

Appends are single `write`s on an O_APPEND descriptor, so two hooks running in parallel (Claude
Code runs matching hooks concurrently) interleave whole lines. A session id that is not a plain
name is never used as a file name: nothing is remembered for it, and nothing breaks.
"""

import os
import re
from collections.abc import Collection, Sequence
from pathlib import Path

from abzu.application.anchors.ports import ShownMemories

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
