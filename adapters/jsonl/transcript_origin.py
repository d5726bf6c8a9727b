"""Where a Claude Code transcript came from: its session id and working folder, read from the
first records that carry them (`sessionId`, `cwd`), without parsing the whole file; and whether
it is a transcript of Abzu's own distiller (its first prompt is the distillation request)."""

from abzu.adapters.jsonl.transcript_head import read_head
from abzu.application.sessions.missed_transcripts import Origin


class JsonlTranscriptOrigins:
    def origin(self, path: str) -> Origin | None:
        """None when the file cannot be read or no early record names a working folder."""
        head = read_head(path)
        if head is None or head.cwd is None:
            return None
        return Origin(head.session_id, head.cwd, distiller=head.from_distiller)
