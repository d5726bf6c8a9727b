"""`abzu export` and `abzu import`: the whole memory as sorted JSONL, and back (issue 15)."""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from abzu.domain.archive import (
    HISTORY_SINCE,
    ArchiveError,
    Record,
    check_header,
    decode_record,
    encode_record,
    header,
    sort_key,
)


@dataclass(frozen=True, slots=True)
class ImportCounts:
    added: int = 0
    present: int = 0  # same id already stored
    duplicates: int = 0  # same content (hash and project) already stored under another id


class ArchiveStore(Protocol):
    def records(self) -> Iterator[Record]:
        """Every record of both stores, in any order."""
        ...

    def add(self, records: Iterable[Record], *, history: bool) -> ImportCounts:
        """Store the records not already present, in one transaction per store. `history`: the
        records carry their own history (event records), which replaces the events the import
        itself would record; events of a record skipped as a duplicate are skipped with it."""
        ...


class ExportMemory:
    def __init__(self, store: ArchiveStore) -> None:
        self._store = store

    def execute(self) -> Iterator[str]:
        """The export, line by line (no newlines); the same memory always gives the same lines."""
        yield header()
        for record in sorted(self._store.records(), key=sort_key):
            yield encode_record(record)


class ImportMemory:
    def __init__(self, store: ArchiveStore) -> None:
        self._store = store

    def execute(self, lines: Iterable[str]) -> ImportCounts:
        """All lines are checked before anything is written: a bad file changes nothing."""
        numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
        if not numbered:
            raise ArchiveError("the file is empty: not an abzu export")
        version = check_header(numbered[0][1])
        records = [decode_record(line, n) for n, line in numbered[1:]]
        return self._store.add(sorted(records, key=sort_key), history=version >= HISTORY_SINCE)
