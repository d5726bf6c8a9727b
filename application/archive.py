"""`abzu export` and `abzu import`: the whole memory as sorted JSONL, and back (issue 15)."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from abzu.application.archive_projects import file_projects, project_names
from abzu.domain.archive import (
    HISTORY_SINCE,
    KIND_ORDER,
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

    def add(self, records: Callable[[], Iterable[Record]], *, history: bool) -> ImportCounts:
        """Store the records not already present, in one transaction per store (`records` is
        read once per store; its kinds come in export order, events last). `history`: the
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

    def execute(self, lines: Callable[[], Iterable[str]], as_project: Sequence[str] = ()) -> ImportCounts:
        """All lines are checked before anything is written: a bad file changes nothing.

        `lines` opens the file afresh each time it is called: it is read once to check it and
        once per store to write it, never held whole (an export of a million beads is 700 MB).
        Each project of the file lands in the project here that is the same repository
        (archive_projects.py), or where `as_project` says (`NAME`, or `OLD=NEW` each).
        """
        version, in_file, ordered = _checked(lines())
        names = project_names(in_file, self._store.projects(), as_project)

        def moved() -> Iterator[Record]:
            return (renamed(r, names) for r in _records(lines()))

        if not ordered:  # a file put together by hand: sorted here, in memory
            everything = sorted(moved(), key=sort_key)
            counts = self._store.add(lambda: everything, history=version >= HISTORY_SINCE)
        else:
            counts = self._store.add(moved, history=version >= HISTORY_SINCE)
        return replace(counts, projects=tuple(sorted(names.items())))


def _numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    return ((n, line) for n, line in enumerate(lines, start=1) if line.strip())


def _checked(lines: Iterable[str]) -> tuple[int, dict[str, str | None], bool]:
    """One pass over the whole file: its format version, then `_scan` of every record."""
    numbered = _numbered(lines)
    first = next(numbered, None)
    if first is None:
        raise ArchiveError("the file is empty: not an abzu export")
    version = check_header(first[1])
    return version, *_scan(decode_record(line, n) for n, line in numbered)


def _records(lines: Iterable[str]) -> Iterator[Record]:
    numbered = _numbered(lines)
    next(numbered, None)  # the header, checked by _version
    for n, line in numbered:
        yield decode_record(line, n)


def _scan(records: Iterable[Record]) -> tuple[dict[str, str | None], bool]:
    """The file's projects, and whether its kinds come in export order; decodes every line."""
    ordered, last = True, 0

    def watched() -> Iterator[Record]:
        nonlocal ordered, last
        for record in records:
            place = KIND_ORDER.index(record.kind)
            ordered, last = ordered and place >= last, place
            yield record

    return file_projects(watched()), ordered
