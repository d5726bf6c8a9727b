import os
from datetime import UTC, datetime

from abzu.adapters.plain_files import regular_size
from abzu.application.sessions.hook_ports import TranscriptFiles


class OsTranscriptFiles(TranscriptFiles):
    def size(self, path: str) -> int | None:
        return regular_size(path)

    def modified_at(self, path: str) -> datetime | None:
        try:
            return datetime.fromtimestamp(os.stat(path).st_mtime, tz=UTC)
        except OSError:
            return None
