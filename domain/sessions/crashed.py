"""A fast digest of a crashed session's transcript tail (issue 11 item 5).

A session killed before SessionEnd and before any compaction has no summary at all; the next
start shows what its transcript's last lines say instead: the user's last requests, the files
it changed, the last commands and Claude's last words. Standard library only (json), bounded
input (the caller hands at most the last ~256 KB), no model: it runs inside the SessionStart
hook. Text is redacted here; the renderer neutralises and fences it like any stored text.
"""

import json
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

TAIL_BYTES = 256 * 1024
_CHANGE_TOOLS = frozenset({"Edit", "MultiEdit", "Write", "NotebookEdit"})
_KEEP = 5  # of each kind: the most recent only
_TEXT_CHARS = 300



@dataclass(frozen=True, slots=True)
class CrashedTranscript:
    """A transcript of another session of the same project that no summary covers."""

    session_id: str
    modified_at: datetime
    tail: tuple[str, ...]  # complete JSONL lines of the file's last bytes, in order


class TailDigest:
    """Filled while the tail is read (mutable; a plain class: no dataclasses on the hook path)."""

    __slots__ = ("commands", "files", "last_reply", "requests")

    def __init__(self) -> None:
        self.requests: deque[str] = deque(maxlen=_KEEP)
        self.files: dict[str, None] = {}  # ordered set, newest last
        self.commands: deque[str] = deque(maxlen=_KEEP)
        self.last_reply: str | None = None

    @property
    def empty(self) -> bool:
        return not (self.requests or self.files or self.commands or self.last_reply)

    def render(self) -> str:
        parts: list[str] = []
        _listed(parts, "Last requests", list(self.requests))
        _listed(parts, "Files changed", list(self.files)[-2 * _KEEP:])
        _listed(parts, "Last commands", list(self.commands))
        if self.last_reply:
            parts.append(f"Claude's last words: {self.last_reply}")
        from abzu.domain.redaction import redact  # see _block

        return redact("\n".join(parts)).text


def digest_tail(lines: Iterable[str]) -> TailDigest:
    """What the lines say; a line that is not a JSON object (a torn first or last line) is skipped."""
    found = TailDigest()
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and not record.get("isMeta") and not record.get("isSidechain"):
            _take(found, record)
    return found


def _take(found: TailDigest, record: Mapping[str, Any]) -> None:
    message = record.get("message")
    if record.get("type") not in ("user", "assistant") or not isinstance(message, dict):
        return
    content = message.get("content")
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    for block in blocks if isinstance(blocks, list) else []:
        if isinstance(block, dict):
            _block(found, str(record["type"]), block)


def _block(found: TailDigest, role: str, block: Mapping[str, Any]) -> None:
    # Imported on first use: with the redaction rules they are ~17 % of the SessionStart hook's
    # imports, and only a crashed neighbour's transcript is ever digested.
    from abzu.domain.extraction.transcript_text import prose, shorten

    kind = block.get("type")
    if kind == "text" and isinstance(block.get("text"), str):
        words = prose(block["text"])
        if words and role == "user":
            found.requests.append(shorten(words, _TEXT_CHARS))
        elif words:
            found.last_reply = shorten(words, _TEXT_CHARS)
    elif kind == "tool_use" and isinstance(block.get("input"), dict):
        arguments = block["input"]
        if block.get("name") in _CHANGE_TOOLS and isinstance(arguments.get("file_path"), str):
            found.files.pop(arguments["file_path"], None)
            found.files[arguments["file_path"]] = None
        elif block.get("name") == "Bash" and isinstance(arguments.get("command"), str):
            found.commands.append(shorten(arguments["command"], 160))


def _listed(parts: list[str], title: str, items: list[str]) -> None:
    if items:
        parts.append(f"{title}:")
        parts.extend(f"- {item}" for item in items)
