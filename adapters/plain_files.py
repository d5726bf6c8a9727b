"""File steps shared by the hook adapters and the session start: standard library only, and no
pathlib (a session start names its files as strings, entrypoints/home_root.py), so the hooks
import them without the ports modules the adapter classes implement."""

import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike


def regular_size(path: str) -> int | None:
    """None for a missing or non-regular path: a device or FIFO is never a transcript."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_size if stat.S_ISREG(found.st_mode) else None


def dot_enki(root: str | None, data_home: "str | PathLike[str]") -> str | None:
    """The project's `.enki/` folder when it exists; the data home (`~/.enki` by default) is never
    mistaken for it, even when the project root is the home folder."""
    folder = os.path.join(root, ".enki") if root else None
    if folder is None or not os.path.isdir(folder) or _same(folder, os.fspath(data_home)):
        return None
    return folder


def write_session_id(folder: str, session_id: str) -> None:
    """`.enki/SESSION_ID`, replaced whole (a reader never sees half an id)."""
    temporary = os.path.join(folder, f".SESSION_ID.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(session_id + "\n")
    os.replace(temporary, os.path.join(folder, "SESSION_ID"))


def _same(a: str, b: str) -> bool:
    try:
        return _resolved(a) == _resolved(os.path.expanduser(b))
    except OSError:
        return False


def _resolved(path: str) -> str:
    return os.path.normcase(os.path.realpath(path))
