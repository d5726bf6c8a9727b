import os
import stat
from datetime import UTC, datetime

from abzu.application.sessions.hook_ports import TranscriptFiles


class OsTranscriptFiles(TranscriptFiles):
    def size(self, path: str) -> int | None:
        """None for a missing or non-regular path: a device or FIFO is never a transcript."""
        try:
            found = os.stat(path)
        except OSError:
            return None
        return found.st_size if stat.S_ISREG(found.st_mode) else None

    def modified_at(self, path: str) -> datetime | None:
        try:
            return datetime.fromtimestamp(os.stat(path).st_mtime, tz=UTC)
        except OSError:
            return None
