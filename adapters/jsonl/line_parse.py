"""One JSONL line as a plain dict, without building pydantic models (issue 13: ingest ≤ 6 s).

`plain_line(raw)` parses with `pydantic_core.from_json`, the same parser (jiter) that
`TranscriptLine.model_validate_json` uses, so a line is JSON, too deep, a bad escape or not
UTF-8 exactly as before. It then checks that every field extraction reads already has the type
line_models.py declares: when it does, the model would copy those values unchanged, so the dict
is used as it is. Anything else (invalid JSON, a field pydantic would coerce, such as
`"isSidechain": "true"`, or reject) returns None and the caller validates the line with the model
as before: the same records, skips, counts and log lines, with the model's cost paid only by the
rare line that needs it.

The dict has the shape of `TranscriptLine.model_dump()`, which `as_plain` gives for a line the
model had to read: record_mapping.py reads one shape only.
"""

from typing import TYPE_CHECKING, Any

from pydantic_core import from_json

if TYPE_CHECKING:
    from abzu.adapters.jsonl.line_models import TranscriptLine

Line = dict[str, Any]  # a transcript line as JSON gives it, fields checked (see module doc)

# The fields line_models.py declares as `str | None` / `bool | None`, named here so that the
# models (pydantic's BaseModel: ~90 ms of a background finalize's CPU to import) load only for a
# line that needs them; tests/unit/test_line_parse.py holds these to the models' own fields.
TEXTS = ("type", "uuid", "timestamp", "sessionId", "subtype")  # TranscriptLine
FLAGS = ("isSidechain", "isMeta", "isCompactSummary", "isApiErrorMessage")  # TranscriptLine
BLOCK_TEXTS = ("text", "id", "name", "tool_use_id")  # ContentBlock


def plain_line(raw: bytes) -> Line | None:
    """The line's object if it is one the model would take unchanged, else None."""
    try:
        value = from_json(raw)
    except ValueError:  # invalid JSON: the model says how (json_invalid), as before
        return None
    return value if type(value) is dict and _plain(value) else None


def as_plain(line: "TranscriptLine") -> Line:
    """A line the model validated, in plain_line's shape (coerced values, unset fields None)."""
    return line.model_dump()


def _plain(line: Line) -> bool:
    get = line.get
    for key in TEXTS:
        if (value := get(key)) is not None and type(value) is not str:
            return False
    for key in FLAGS:
        if (value := get(key)) is not None and type(value) is not bool:
            return False
    return _plain_message(get("message")) and _plain_result(get("toolUseResult"))


def _plain_message(message: object) -> bool:
    if message is None:
        return True
    if type(message) is not dict or not _text_or_none(message.get("role")):
        return False
    content = message.get("content")  # required by the model: a missing one is not plain
    if type(content) is str:
        return True
    return type(content) is list and all(_plain_block(block) for block in content)


def _plain_block(block: object) -> bool:
    if type(block) is not dict or type(block.get("type")) is not str:
        return False
    get = block.get
    for key in BLOCK_TEXTS:
        if (value := get(key)) is not None and type(value) is not str:
            return False
    tool_input, is_error = get("input"), get("is_error")
    return (tool_input is None or type(tool_input) is dict) and (is_error is None or type(is_error) is bool)


def _plain_result(result: object) -> bool:
    """`FileResult | str | list | None`: an object must hold a string filePath, or none."""
    if result is None or type(result) in (str, list):
        return True
    return type(result) is dict and _text_or_none(result.get("filePath"))


def _text_or_none(value: object) -> bool:
    return value is None or type(value) is str
