"""Cleaning one row: the columns that change, and a memory's recomputed content hash."""

import json
from collections.abc import Mapping, Sequence

from abzu.adapters.sqlite.scrub_plan import HASH_COLUMN, Kind, kind_of
from abzu.application.scrub.fields import FieldScrubber

ARCHIVED_TABLE = "bead_candidates"  # review_archive keeps JSON copies of its rows


def changed_columns(
    row: Mapping[str, object], columns: Sequence[tuple[str, Kind]], fields: FieldScrubber, *, has_hash: bool
) -> dict[str, object]:
    """Only the columns whose value the rules change; empty when the row is clean."""
    changes: dict[str, object] = {}
    for column, kind in columns:
        value = row.get(column)
        if isinstance(value, str):
            cleaned = clean(kind, value, fields)
            if cleaned != value:
                changes[column] = cleaned
    content = next((changes[c] for c, kind in columns if kind is Kind.CONTENT and c in changes), None)
    if has_hash and isinstance(content, str):
        changes[HASH_COLUMN] = fields.content_hash(content)
    return changes


def clean(kind: Kind, value: str, fields: FieldScrubber) -> str:
    match kind:
        case Kind.TEXT | Kind.CONTENT:
            return fields.text(value)
        case Kind.DOCUMENT:
            return fields.document(value)
        case Kind.CANDIDATE_ROW:
            return _archived_row(value, fields)
    raise AssertionError(f"unknown kind {kind}")


def _archived_row(value: str, fields: FieldScrubber) -> str:
    """A candidate row kept as JSON: cleaned like the table's own rows, hash included, so that
    `abzu review --undo` stages it again consistently."""
    try:
        row = json.loads(value)
    except ValueError:
        return fields.text(value)
    if not isinstance(row, dict):
        return fields.document(value)
    columns = [(key, kind) for key in row if (kind := kind_of(ARCHIVED_TABLE, key)) is not None]
    changes = changed_columns(row, columns, fields, has_hash=HASH_COLUMN in row)
    return json.dumps({**row, **changes}, ensure_ascii=False) if changes else value
