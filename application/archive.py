"""`abzu export` and `abzu import`: the whole memory as sorted JSONL, and back (issue 15)."""

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from abzu.application.archive_projects import file_projects, project_names
from abzu.domain.archive import (
    HISTORY_SINCE,
    ArchiveError,
    Record,
    check_header,
    decode_record,
    encode_record,
    header,
    renamed,
    sort_key,
)


@dataclass(frozen=True, slots=True)
class ImportCounts:
    added: int = 0
    present: int = 0  # same id already stored
    duplicates: int = 0  # same content (hash and project) already stored under another id
    projects: tuple[tuple[str, str], ...] = ()  # (name in the file, name here) where they differ


class ArchiveStore(Protocol):
    def projects(self) -> dict[str, str | None]:
        """Every project stored -> its remote (None when it has none)."""
        ...

    def records(self) -> Iterator[Record]:
        """Every record of both stores, in export order (`sort_key`), one at a time."""
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
        for record in self._store.records():
            yield encode_record(record)


class ImportMemory:
    def __init__(self, store: ArchiveStore) -> None:
        self._store = store

    def execute(self, lines: Iterable[str], as_project: Sequence[str] = ()) -> ImportCounts:
        """All lines are checked before anything is written: a bad file changes nothing.

        Each project of the file lands in the project here that is the same repository
        (archive_projects.py), or where `as_project` says (`NAME`, or `OLD=NEW` each).
        """
        numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
        if not numbered:
            raise ArchiveError("the file is empty: not an abzu export")
        version = check_header(numbered[0][1])
        records = [decode_record(line, n) for n, line in numbered[1:]]
        names = project_names(file_projects(records), self._store.projects(), as_project)
        moved = sorted((renamed(r, names) for r in records), key=sort_key)
        counts = self._store.add(moved, history=version >= HISTORY_SINCE)
        return replace(counts, projects=tuple(sorted(names.items())))
