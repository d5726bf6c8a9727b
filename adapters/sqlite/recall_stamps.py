"""Recall stamps, deferred: a recall writes no store, it appends what it returned to a spool file.

A recall restarts the decay clock of every bead it returned (`beads.last_accessed`) and marks its
project active (`projects.last_active`). Writing those at recall time took the store's write lock
and an fsync on every recall, so recalls queued behind writers (issues 13 and 20.5). Instead a
recall appends one line (time, project, bead ids) to `<home>/spool/stamps/recall-stamps` with
one `write` on an `O_APPEND` descriptor (mode 0600), and the stamps land later in one write
transaction: before decay runs (maintenance, at finalize and recover), before a read-only unit
of work shows them (status, show, export), and when the spool has grown past `DUE_BYTES`.

- Taking the spool: under the store's write lock the file is renamed aside; it is deleted only
  after the transaction that applied it committed. A taker that died leaves its file, and the
  next taker applies it again: stamps only move forward (`last_accessed < :at`), so twice is once.
- Appenders hold a shared `flock` while writing and check that the path still names their file,
  so a line is never appended to a file already taken (it goes to the new one instead).
- A torn last line (a crash mid-write) is skipped; the spool stops growing at `MAX_BYTES`
  (stamps past it are dropped: a lost stamp costs a little decay, nothing more).
- A read-only data home records nothing and recall still works.
Standard library only (the CLI's lean path and the MCP server import it).
"""

import fcntl
import os
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import BinaryIO, ClassVar

from abzu.adapters.private_files import private_folder
from abzu.adapters.sqlite.db import Db, in_list

NAME = "recall-stamps"
_TAKEN = ".taken-"
DUE_BYTES = 64 * 1024  # ~500 recalls: a recall past it applies the spool if the store is free
MAX_BYTES = 8 * 1024 * 1024
_FILE_MODE = 0o600
Stamps = tuple[dict[str, str], dict[str, str]]  # bead id -> latest time, project -> latest time


class StampSpool:
    __slots__ = ("folder", "path")

    def __init__(self, folder: Path) -> None:
        self.folder, self.path = folder, folder / NAME

    @classmethod
    def beside(cls, wisdom: Path | str) -> "StampSpool":
        """The spool of the data home `wisdom` (wisdom.db's path) lives in."""
        return cls(Path(wisdom).parent / "spool" / "stamps")

    def record(self, bead_ids: Sequence[str], project: str | None, at: str) -> int:
        """Appends one recall's stamps; returns the spool's size after it (0: nothing recorded)."""
        if not bead_ids and project is None:
            return 0
        import json  # here, as in the readers below: a remember that finds no stamps needs none

        line = (json.dumps([at, project, list(bead_ids)], separators=(",", ":")) + "\n").encode()
        for _ in range(3):  # a taker renamed the file between open and lock: append to the new one
            fd = self._open_for_append()
            if fd is None:
                return 0
            try:
                size = _append(fd, self.path, line)
            finally:
                os.close(fd)
            if size is not None:
                return size
        return 0

    def _open_for_append(self) -> int | None:
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC
        try:
            return os.open(self.path, flags, _FILE_MODE)
        except FileNotFoundError:
            try:
                private_folder(self.folder)
                return os.open(self.path, flags, _FILE_MODE)
            except OSError:
                return None
        except OSError:  # a read-only or unreadable data home: the recall still answers
            return None

    def pending(self) -> bool:
        try:
            return any(n.startswith(NAME) for n in os.listdir(self.folder))
        except OSError:
            return False

    def take(self) -> list[Path]:
        """Call under the store's write lock: moves the spool aside and returns every file taken
        and not yet deleted (a dead taker's too)."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            fd = None
        if fd is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)  # appenders mid-write finish first (microseconds)
                os.replace(self.path, self.folder / f"{NAME}{_TAKEN}{os.getpid()}-{time.time_ns()}")
            except OSError:
                from abzu.adapters.lazy_log import abzu_log  # a recall that writes no line loads no logging

                abzu_log().debug("recall stamps: the spool could not be taken")
            finally:
                os.close(fd)
        try:
            return sorted(self.folder / n for n in os.listdir(self.folder) if n.startswith(NAME + _TAKEN))
        except OSError:
            return []

    def latest(self, ids: Iterable[str]) -> dict[str, str]:
        """The newest waiting stamp of each of `ids`: what a recall shows as "last recalled"
        before the stamps land. Read incrementally: a long-lived process (the MCP server) reads
        only the lines appended since its last look."""
        try:
            with open(self.path, "rb") as handle, _Seen.lock:
                seen = _Seen.of(self.path, os.fstat(handle.fileno()))
                seen.catch_up(handle)
                return {i: seen.beads[i] for i in ids if i in seen.beads}
        except OSError:
            return {}

    @staticmethod
    def done(files: Iterable[Path]) -> None:
        for path in files:
            path.unlink(missing_ok=True)


class _Seen:
    """One spool file as read so far by this process: its inode, how far, the latest stamps."""

    _by_path: ClassVar[dict[Path, "_Seen"]] = {}
    lock = threading.Lock()  # the MCP server recalls from worker threads

    def __init__(self, inode: int) -> None:
        self.inode, self.offset = inode, 0
        self.beads: dict[str, str] = {}

    @classmethod
    def of(cls, path: Path, stat: os.stat_result) -> "_Seen":
        seen = cls._by_path.get(path)
        if seen is None or seen.inode != stat.st_ino or stat.st_size < seen.offset:
            seen = cls._by_path[path] = cls(stat.st_ino)  # taken and begun again: a new file
        return seen

    def catch_up(self, handle: BinaryIO) -> None:
        import json

        handle.seek(self.offset)
        fresh = handle.read(MAX_BYTES)
        complete = fresh.rfind(b"\n") + 1  # a line still being written is read next time
        for raw in fresh[:complete].splitlines():
            try:
                at, _project, ids = json.loads(raw)
                _later(self.beads, ids, str(at))
            except (ValueError, TypeError):
                continue
        self.offset += complete


def _append(fd: int, path: Path, line: bytes) -> int | None:
    """One write under a shared lock; None when `fd` is no longer the spool (it was taken)."""
    fcntl.flock(fd, fcntl.LOCK_SH)
    stat = os.fstat(fd)
    try:
        if os.stat(path).st_ino != stat.st_ino:
            return None
    except FileNotFoundError:
        return None
    if stat.st_size >= MAX_BYTES:
        return stat.st_size
    if stat.st_size and os.pread(fd, 1, stat.st_size - 1) != b"\n":
        line = b"\n" + line  # after a torn line (a writer died mid-write): only that one is lost
    os.write(fd, line)
    return stat.st_size + len(line)


def read_stamps(files: Iterable[Path]) -> Stamps:
    """The latest stamp of each bead and project in `files`; torn or garbled lines skipped."""
    import json

    beads: dict[str, str] = {}
    projects: dict[str, str] = {}
    for path in files:
        try:
            lines = path.read_bytes().splitlines()
        except OSError:
            continue
        for raw in lines:
            try:
                at, project, ids = json.loads(raw)
                _later(beads, ids, str(at))
                if project is not None:
                    _later(projects, [project], str(at))
            except (ValueError, TypeError):
                continue
    return beads, projects


def _later(latest: dict[str, str], keys: Iterable[object], at: str) -> None:
    for key in keys:
        if isinstance(key, str) and latest.get(key, "") < at:
            latest[key] = at


def apply_stamps(db: Db, stamps: Stamps) -> None:
    """Inside a write transaction of wisdom.db: the stamps, only ever moving forward."""
    beads, projects = stamps
    by_time: dict[str, list[str]] = {}
    for bead_id, at in beads.items():
        by_time.setdefault(at, []).append(bead_id)
    for at, ids in sorted(by_time.items()):
        for start in range(0, len(ids), 500):
            where, params = in_list("id", ids[start:start + 500])
            db.execute(f"UPDATE beads SET last_accessed = :at WHERE id IN {where} "
                       "AND (last_accessed IS NULL OR last_accessed < :at)", {**params, "at": at})
    for name, at in sorted(projects.items()):
        db.execute("UPDATE projects SET last_active = :at WHERE name = :name "
                   "AND (last_active IS NULL OR last_active < :at)", {"name": name, "at": at})
