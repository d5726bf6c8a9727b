"""Which sessions the PreToolUse hook showed a memory: its per-session journals (one file per
session named after it, one id a line; adapters/shown_file.py writes them) searched for an id."""

import logging
from pathlib import Path

from abzu.adapters.shown_file import PLAIN_NAME
from abzu.application.sessions.traces import ShownJournals

log = logging.getLogger("abzu")
MAX_JOURNALS = 5_000  # maintenance deletes journals idle for 7 days: far fewer in practice


class FileShownJournals(ShownJournals):
    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def sessions_shown(self, memory_id: str) -> list[str]:
        found = []
        for path in self._journals():
            try:
                if memory_id in path.read_text(encoding="utf-8").split():
                    found.append(path.name)
            except (FileNotFoundError, UnicodeDecodeError):  # deleted meanwhile, or not a journal
                continue
        return found

    def _journals(self) -> list[Path]:
        try:
            names = [p for p in self._folder.iterdir() if PLAIN_NAME.fullmatch(p.name) and p.is_file()]
        except (FileNotFoundError, NotADirectoryError):  # no PreToolUse hook ran yet
            return []
        if len(names) > MAX_JOURNALS:
            log.warning("shown journals: %d files, only the newest %d read", len(names), MAX_JOURNALS)
            names = sorted(names, key=lambda p: p.stat().st_mtime)[-MAX_JOURNALS:]
        return names
