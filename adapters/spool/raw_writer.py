"""Appending one entry to the hook journal folder. Standard library only: the SessionEnd and
Stop hooks write through this without importing anything else of Abzu."""

import os
import time
from pathlib import Path

SUFFIX = ".json"


def write_entry(folder: Path, kind: str, text: str) -> Path:
    """Written under a temporary name, flushed to disk, then renamed: readers never see half."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # private: entries quote the session
    name = f"{time.time_ns():020d}-{os.getpid()}-{kind}"
    temporary = folder / f".{name}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    final = folder / f"{name}{SUFFIX}"
    os.replace(temporary, final)
    return final
