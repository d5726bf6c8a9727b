"""The first records of a Claude Code transcript: where it came from (`sessionId`, `cwd`) and
its first prompt, read without parsing the whole file. Standard library only: the recovery every
session start launches reads it (missed transcripts) before anything else of the transcript side loads."""

import json
from itertools import islice
from typing import NamedTuple

from abzu.domain.extraction.distiller_child import is_distiller_prompt

HEAD_LINES = 50
MAX_LINE_BYTES = 1024 * 1024  # a screenshot line is skipped, not parsed


class Head(NamedTuple):
    session_id: str | None
    cwd: str | None
    prompt: str | None  # the first user message's text (or the first queued prompt's)

    @property
    def from_distiller(self) -> bool:
        """A transcript of Abzu's own `claude -p` distiller: its first prompt is the request."""
        return self.prompt is not None and is_distiller_prompt(self.prompt)


def read_head(path: str) -> Head | None:
    """None when the file cannot be read. Stops as soon as it has the folder and the prompt."""
    session_id = cwd = prompt = None
    try:
        with open(path, "rb") as handle:
            for line in islice(handle, HEAD_LINES):
                record = _record(line)
                if record is None:
                    continue
                if cwd is None and isinstance(found := record.get("cwd"), str):
                    sid = record.get("sessionId")
                    cwd, session_id = found, sid if isinstance(sid, str) and sid else None
                prompt = prompt if prompt is not None else _prompt(record)
                if cwd is not None and prompt is not None:
                    break
    except OSError:
        return None
    return Head(session_id, cwd, prompt)


def _record(line: bytes) -> "dict[str, object] | None":
    if len(line) > MAX_LINE_BYTES:
        return None
    try:
        record = json.loads(line)
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def _prompt(record: "dict[str, object]") -> str | None:
    """A person's prompt: a `user` record that is no meta or tool result, or a queued prompt."""
    if record.get("type") == "queue-operation" and record.get("operation") == "enqueue":
        content = record.get("content")
        return content if isinstance(content, str) else None
    if record.get("type") != "user" or record.get("isMeta") or record.get("isCompactSummary"):
        return None
    message = record.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return next((t for t in texts if isinstance(t, str)), None)
    return None
