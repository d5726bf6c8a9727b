import os
from datetime import UTC, datetime

from abzu.application.sessions.ports import TranscriptFiles


class OsTranscriptFiles(TranscriptFiles):
    def size(self, path: str) -> int | None:
        try:
            return os.stat(path).st_size
        except OSError:
            return None

    def modified_at(self, path: str) -> datetime | None:
        try:
            return datetime.fromtimestamp(os.stat(path).st_mtime, tz=UTC)
        except OSError:
            return None
