"""Appending one entry to the hook journal folder. Standard library only, and no pathlib: the
SessionEnd and Stop hooks write through this without importing anything else (hooks/main.py)."""

import os
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike

SUFFIX = ".json"


def write_entry(folder: "str | PathLike[str]", kind: str, text: str) -> str:
    """Written under a temporary name, flushed to disk, then renamed: readers never see half.
    Returns the entry's path."""
    folder = os.fspath(folder)
    os.makedirs(folder, mode=0o700, exist_ok=True)  # private: entries quote the session
    name = f"{time.time_ns():020d}-{os.getpid()}-{kind}"
    temporary = os.path.join(folder, f".{name}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    final = os.path.join(folder, f"{name}{SUFFIX}")
    os.replace(temporary, final)
    return final
