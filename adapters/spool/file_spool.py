"""The hook journal as a folder of small files: appending is a write and a rename, no lock.

Each entry is its own file, made visible by an atomic rename, so a reader never sees half an
entry and two processes never interleave. Ingestion deletes a file only after its entry is
committed to abzu.db; a file that cannot be parsed is renamed `*.bad` and left for a human.
"""

import contextlib
from pathlib import Path

from abzu.adapters.lazy_log import abzu_log
from abzu.adapters.spool.codec import decode, encode
from abzu.adapters.spool.raw_writer import SUFFIX, write_entry
from abzu.application.sessions.hook_ports import SessionJournal, SpoolEntry, SpoolSource
from abzu.domain.sessions.events import InjectionRecord, SessionEvent


class FileSessionJournal(SessionJournal):
    def __init__(self, folder: Path) -> None:
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


class FileSpoolSource(SpoolSource):
    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def pending(self) -> list[SpoolEntry]:
        if not self._folder.is_dir():
            return []
        entries = []
        for path in sorted(self._folder.glob(f"*{SUFFIX}")):
            try:
                entries.append(SpoolEntry(str(path), decode(path.read_text(encoding="utf-8"))))
            except FileNotFoundError:
                continue  # another process ingested it meanwhile
            except (ValueError, KeyError, TypeError) as exc:
                abzu_log().warning("hook journal entry %s set aside: %s", path.name, exc)
                _set_aside(path)
        return entries

    def done(self, handle: str) -> None:
        Path(handle).unlink(missing_ok=True)


def _set_aside(path: Path) -> None:
    with contextlib.suppress(OSError):  # gone already: another process set it aside
        path.replace(path.with_suffix(".bad"))
