"""line_parse.py takes a line as JSON gives it only when TranscriptLine would take it unchanged;
the fields it checks by type are the models' own, and every other field has a check of its own."""

import json

import pytest
from pydantic import BaseModel

from abzu.adapters.jsonl import line_parse
from abzu.adapters.jsonl.line_models import ContentBlock, TranscriptLine
from abzu.adapters.jsonl.line_parse import plain_line


def optional_fields(model: type[BaseModel], kind: type) -> tuple[str, ...]:
    """The fields `model` declares as `kind | None`."""
    return tuple(name for name, field in model.model_fields.items() if field.annotation == kind | None)

# The fields line_parse checks by shape rather than by their `kind | None` type.
STRUCTURED_LINE = {"message", "toolUseResult"}
STRUCTURED_BLOCK = {"type", "input", "content", "is_error"}


def test_the_fields_checked_by_type_are_the_models_own() -> None:
    assert optional_fields(TranscriptLine, str) == line_parse.TEXTS
    assert optional_fields(TranscriptLine, bool) == line_parse.FLAGS
    assert optional_fields(ContentBlock, str) == line_parse.BLOCK_TEXTS


def test_every_field_of_the_models_is_checked() -> None:
    simple = {*optional_fields(TranscriptLine, str), *optional_fields(TranscriptLine, bool)}
    assert simple | STRUCTURED_LINE == set(TranscriptLine.model_fields) and not simple & STRUCTURED_LINE
    texts = set(optional_fields(ContentBlock, str))
    assert texts | STRUCTURED_BLOCK == set(ContentBlock.model_fields) and not texts & STRUCTURED_BLOCK


BLOCK = {"type": "text", "text": "hi"}


@pytest.mark.parametrize(("field", "value"), [
    ("subtype", 5), ("sessionId", ["s"]), ("isMeta", "true"), ("isApiErrorMessage", 1),
])
def test_a_field_the_model_would_coerce_leaves_the_line_to_the_model(field: str, value: object) -> None:
    line = {"type": "user", "uuid": "u-1", "message": {"role": "user", "content": [BLOCK]}}
    assert plain_line(json.dumps(line).encode()) == line
    assert plain_line(json.dumps({**line, field: value}).encode()) is None


def test_a_block_field_of_the_wrong_type_leaves_the_line_to_the_model() -> None:
    line = {"type": "assistant", "uuid": "u-2", "message": {"content": [{**BLOCK, "tool_use_id": 7}]}}
    assert plain_line(json.dumps(line).encode()) is None
