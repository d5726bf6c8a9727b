"""The hook journal as a folder of small files: appending is a write and a rename, no lock
(its ingestion's side, the reading, is spool_source.py).

Each entry is its own file, made visible by an atomic rename, so a reader never sees half an
entry and two processes never interleave.
"""

import os

from abzu.adapters.lazy_log import abzu_log
from abzu.adapters.spool.codec import encode
from abzu.adapters.spool.raw_writer import write_entry
from abzu.application.sessions.hook_ports import SessionJournal
from abzu.domain.sessions.events import InjectionRecord, SessionEvent


class FileSessionJournal(SessionJournal):
    def __init__(self, folder: "str | os.PathLike[str]") -> None:
        self._folder = folder

    def record_event(self, event: SessionEvent) -> None:
        self._append("event", encode(event))

    def record_injection(self, record: InjectionRecord) -> None:
        self._append("injection", encode(record))

    def _append(self, kind: str, line: str) -> None:
        try:
            self._write(kind, line)
        except OSError as exc:
            abzu_log().error("hook journal entry lost (%s): %s", kind, exc)

    def _write(self, kind: str, line: str) -> None:
        write_entry(self._folder, kind, line)
