"""The export format of `abzu export` / `abzu import` (issue 15): JSONL, one record a line.

The first line names the format and its version; then every record as `{"kind": …, <columns>}`,
kinds in a fixed order and each kind sorted by its key, JSON with sorted keys: the same memory
always exports to the same bytes, so exports can be diffed and a round trip compared.

Version 2 adds `source` records (what a bead was derived from: `bead_sources`) and the history
(`memory_events` of both stores) as `event` records, keyed `<store>:<seq>` (zero-padded, so a
store's events sort in the order they happened). A version 2 file is the history of what it
holds: importing it keeps the file's events rather than recording the import as new ones; a
version 1 file (no history) is recorded as created by the import.

Version 3 adds the anchors (`bead_anchor`, `candidate_anchor`: the files and commands a memory is
about, with maintenance's stale mark), keyed by memory, anchor kind (`anchor`: file or command)
and value. Vectors do not travel:
they are derived from the text by a model the other machine may not have; `abzu embed` rebuilds
them there.

Since issue 29 a `project` record may carry `remote`, the normalised URL of its
repository's remote (`github.com/org/api`), by which an import finds the same project under
another name or path. Optional both ways: a file without it imports as before (a project is then
matched by name), and a reader without it ignores it.

Version 4 adds who vouches for a bead (`vouched_by`: agent, person or review; issue 29). A bead
of an older file says nothing, and is given what w0015 gives a store's old rows when their
history cannot tell: a promoted bead, or any bead but a preference (only a review puts one in
wisdom.db), is the review's; a preference is the agent's, not reviewed, until a person confirms it.
"""

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from abzu.domain.bead import VouchedBy

FORMAT = "abzu-export"
VERSION = 4
HISTORY_SINCE = 2  # the first version whose files carry the history
# kind -> the column that identifies a record. Projects come first: beads refer to them; events
# last: they tell the story of the rows before them.
KEYS = {"project": "name", "profile": "key", "bead": "id", "bead_anchor": "memory_id",
        "source": "bead_id", "candidate": "id", "candidate_anchor": "memory_id", "summary": "id",
        "event": "id"}
KIND_ORDER = tuple(KEYS)
# kinds whose key is not unique alone (a bead has several sources): the columns that complete it
SECOND_KEYS = {"source": ("source_id",), "bead_anchor": ("anchor", "value"),
               "candidate_anchor": ("anchor", "value")}
# kinds that belong to the memory their key names: a memory skipped on import takes them along
BELONGING = ("bead_anchor", "source", "candidate_anchor")
# kind -> the field naming the project a record belongs to (an import may rename projects)
PROJECT_FIELDS = {"project": "name", "profile": "project_id", "bead": "project", "candidate": "project",
                  "summary": "project"}
_EVENT_ID = re.compile(r"(staging|wisdom):(\d{12})")


class ArchiveError(ValueError):
    """An export file that cannot be imported; the message is one line naming the line."""


@dataclass(frozen=True, slots=True)
class Record:
    kind: str
    fields: Mapping[str, Any]

    @property
    def key(self) -> str:
        return str(self.fields[KEYS[self.kind]])


def project_of(record: Record) -> str | None:
    field = PROJECT_FIELDS.get(record.kind)
    value = record.fields.get(field) if field else None
    return value if isinstance(value, str) and value else None


def renamed(record: Record, names: Mapping[str, str]) -> Record:
    """The record with its project renamed as `names` says (unchanged when it names none)."""
    project = project_of(record)
    if project is None or names.get(project, project) == project:
        return record
    return Record(record.kind, {**record.fields, PROJECT_FIELDS[record.kind]: names[project]})


def header() -> str:
    return encode({"format": FORMAT, "version": VERSION})


def encode_record(record: Record) -> str:
    return encode({**record.fields, "kind": record.kind})


def encode(value: Mapping[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def sort_key(record: Record) -> tuple[int, str, tuple[str, ...]]:
    rest = tuple(str(record.fields.get(name, "")) for name in SECOND_KEYS.get(record.kind, ()))
    return KIND_ORDER.index(record.kind), record.key, rest


def event_id(store: str, seq: int) -> str:
    return f"{store}:{seq:012d}"


def event_place(record: Record) -> tuple[str, int]:
    """The store an event record belongs to and the sequence number it had there."""
    match = _EVENT_ID.fullmatch(record.key)
    if match is None:  # decode_record lets no such record through
        raise ArchiveError(f"an event id must read <store>:<12 digits>, not {record.key!r}")
    return match.group(1), int(match.group(2))


def check_header(line: str) -> int:
    """The file's format version; raises ArchiveError for anything this abzu cannot read."""
    value = _json(line, 1)
    if value.get("format") != FORMAT:
        raise ArchiveError("line 1: not an abzu export (no abzu-export header)")
    version = value.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ArchiveError(f"line 1: export format {version!r} is newer than this abzu reads ({VERSION})")
    return version


def decode_record(line: str, number: int) -> Record:
    value = _json(line, number)
    kind = value.pop("kind", None)
    if kind not in KEYS:
        raise ArchiveError(f"line {number}: unknown record kind {kind!r}")
    if not isinstance(value.get(KEYS[kind]), str) or not value[KEYS[kind]]:
        raise ArchiveError(f"line {number}: a {kind} without its {KEYS[kind]}")
    if kind == "event" and not _EVENT_ID.fullmatch(value["id"]):
        raise ArchiveError(f"line {number}: an event id reads <store>:<12 digits>, not {value['id']!r}")
    return Record(kind, _vouched(value, number) if kind == "bead" else value)


def _vouched(bead: dict[str, Any], number: int) -> dict[str, Any]:
    """The bead as the file says, or (a file before version 4) with the safe reading."""
    said = bead.get("vouched_by")
    if said is None:
        reviewed = bead.get("promoted_at") is not None or bead.get("category") != "preference"
        return {**bead, "vouched_by": (VouchedBy.REVIEW if reviewed else VouchedBy.AGENT).value}
    if said not in {v.value for v in VouchedBy}:
        raise ArchiveError(f"line {number}: a bead vouched for by {said!r} (agent, person or review)")
    return bead


def _json(line: str, number: int) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ArchiveError(f"line {number}: not JSON ({exc.msg})") from None
    if not isinstance(value, dict):
        raise ArchiveError(f"line {number}: not a JSON object")
    return value
