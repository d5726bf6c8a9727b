"""Where a Claude Code transcript came from: its session id and working folder, read from the
first records that carry them (`sessionId`, `cwd`), without parsing the whole file."""

import json
from itertools import islice

from abzu.application.sessions.missed_transcripts import Origin

HEAD_LINES = 50
MAX_LINE_BYTES = 1024 * 1024  # a screenshot line is skipped, not parsed


class JsonlTranscriptOrigins:
    def origin(self, path: str) -> Origin | None:
        """None when the file cannot be read or no early record names a working folder."""
        try:
            with open(path, "rb") as handle:
                for line in islice(handle, HEAD_LINES):
                    found = _origin(line)
                    if found is not None:
                        return found
        except OSError:
            return None
        return None


def _origin(line: bytes) -> Origin | None:
    if len(line) > MAX_LINE_BYTES:
        return None
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if not isinstance(record, dict) or not isinstance(record.get("cwd"), str):
        return None
    session = record.get("sessionId")
    return Origin(session if isinstance(session, str) and session else None, record["cwd"])
