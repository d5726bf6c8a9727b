"""Builders of domain TranscriptRecords for unit tests of the heuristics."""

import itertools

from abzu.domain.extraction.transcript import ToolCall, ToolOutcome, TranscriptRecord

_ids = itertools.count(1)


def _record(kind: str, **fields: object) -> TranscriptRecord:
    values: dict[str, object] = {
        "uuid": f"m{next(_ids)}", "kind": kind, "timestamp": None, "session_id": "s1",
        "is_sidechain": False, "is_compact_summary": False, "text": "", "tool_calls": (),
        "tool_outcomes": (),
    }
    values.update(fields)
    return TranscriptRecord(**values)  # type: ignore[arg-type]


def said(text: str, **fields: object) -> TranscriptRecord:
    return _record("user", text=text, **fields)


def wrote(text: str, **fields: object) -> TranscriptRecord:
    return _record("assistant", text=text, **fields)


def calls(tool_id: str, name: str, **tool_input: object) -> TranscriptRecord:
    return _record("assistant", tool_calls=(ToolCall(tool_id, name, tool_input),))


def returns(tool_id: str, output: str = "ok", *, error: bool = False, path: str | None = None,
            **fields: object) -> TranscriptRecord:
    return _record("user", tool_outcomes=(ToolOutcome(tool_id, error, output, path),), **fields)


def bash(tool_id: str, command: str, output: str = "", *, error: bool = False) -> list[TranscriptRecord]:
    return [calls(tool_id, "Bash", command=command), returns(tool_id, output, error=error)]


def edit(
    tool_id: str, path: str, old: str = "a", new: str = "b", *, error: str | None = None
) -> list[TranscriptRecord]:
    outcome = returns(tool_id, error or f"The file {path} has been updated.", error=error is not None,
                      path=None if error else path)
    return [calls(tool_id, "Edit", file_path=path, old_string=old, new_string=new), outcome]


def todos(tool_id: str, *items: tuple[str, str]) -> TranscriptRecord:
    return calls(tool_id, "TodoWrite", todos=[{"content": c, "status": s, "activeForm": c} for c, s in items])
