"""The export format of `abzu export` / `abzu import` (issue 15): JSONL, one record a line.

The first line names the format and its version; then every record as `{"kind": …, <columns>}`,
kinds in a fixed order and each kind sorted by its key, JSON with sorted keys: the same memory
always exports to the same bytes, so exports can be diffed and a round trip compared.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

FORMAT = "abzu-export"
VERSION = 1
# kind -> the column that identifies a record. Projects come first: beads refer to them.
KEYS = {"project": "name", "profile": "key", "bead": "id", "candidate": "id", "summary": "id"}
KIND_ORDER = tuple(KEYS)


class ArchiveError(ValueError):
    """An export file that cannot be imported; the message is one line naming the line."""


@dataclass(frozen=True, slots=True)
class Record:
    kind: str
    fields: Mapping[str, Any]

    @property
    def key(self) -> str:
        return str(self.fields[KEYS[self.kind]])


def header() -> str:
    return encode({"format": FORMAT, "version": VERSION})


def encode_record(record: Record) -> str:
    return encode({**record.fields, "kind": record.kind})


def encode(value: Mapping[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def sort_key(record: Record) -> tuple[int, str]:
    return KIND_ORDER.index(record.kind), record.key


def check_header(line: str) -> None:
    value = _json(line, 1)
    if value.get("format") != FORMAT:
        raise ArchiveError("line 1: not an abzu export (no abzu-export header)")
    version = value.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ArchiveError(f"line 1: export format {version!r} is newer than this abzu reads ({VERSION})")


def decode_record(line: str, number: int) -> Record:
    value = _json(line, number)
    kind = value.pop("kind", None)
    if kind not in KEYS:
        raise ArchiveError(f"line {number}: unknown record kind {kind!r}")
    if not isinstance(value.get(KEYS[kind]), str) or not value[KEYS[kind]]:
        raise ArchiveError(f"line {number}: a {kind} without its {KEYS[kind]}")
    return Record(kind, value)


def _json(line: str, number: int) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ArchiveError(f"line {number}: not JSON ({exc.msg})") from None
    if not isinstance(value, dict):
        raise ArchiveError(f"line {number}: not a JSON object")
    return value
