"""The hook journal's entries waiting to be ingested (file_spool.py writes them): apart from the
journal, so that the hooks, which only append, never build the ingestion's classes.

Ingestion deletes a file only after its entry is committed to abzu.db; a file that cannot be
parsed is renamed `*.bad` and left for a human.
"""

import contextlib
from pathlib import Path

from abzu.adapters.lazy_log import abzu_log
from abzu.adapters.spool.codec import decode
from abzu.adapters.spool.raw_writer import SUFFIX
from abzu.application.sessions.spool_ports import SpoolEntry, SpoolSource


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
