"""File steps shared by the hook adapters and the standard-library session start
(the session-start hook): standard library only, so the hooks import them without
the ports modules the adapter classes implement."""

import os
import stat
from pathlib import Path


def regular_size(path: str) -> int | None:
    """None for a missing or non-regular path: a device or FIFO is never a transcript."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_size if stat.S_ISREG(found.st_mode) else None


def dot_enki(root: str | None, data_home: Path) -> Path | None:
    """The project's `.enki/` folder when it exists; the data home (`~/.enki` by default) is never
    mistaken for it, even when the project root is the home folder."""
    folder = Path(root) / ".enki" if root else None
    if folder is None or not folder.is_dir() or _same(folder, data_home):
        return None
    return folder


def write_session_id(folder: Path, session_id: str) -> None:
    """`.enki/SESSION_ID`, replaced whole (a reader never sees half an id)."""
    temporary = folder / f".SESSION_ID.{os.getpid()}.tmp"
    temporary.write_text(session_id + "\n", encoding="utf-8")
    os.replace(temporary, folder / "SESSION_ID")


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.expanduser().resolve()
    except OSError:
        return False
