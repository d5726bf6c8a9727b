"""Rewriting a text file Abzu owns (a log, a spool entry) without ever leaving half of it."""

import os
from pathlib import Path

ERRORS = "surrogateescape"  # bytes that are not UTF-8 are written back exactly as they were


def replace_atomically(path: Path, text: str) -> None:
    """Written beside it, flushed, then renamed over it: a reader sees the old or the new file."""
    temporary = path.with_name(f".{path.name}.scrub-{os.getpid()}.tmp")
    with temporary.open("w", encoding="utf-8", errors=ERRORS, newline="") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def rewrite_in_place(path: Path, text: str) -> None:
    """Same inode: processes appending to it (O_APPEND) keep writing into this file, not into a
    replaced one nobody reads."""
    with path.open("r+", encoding="utf-8", errors=ERRORS, newline="") as handle:
        handle.write(text)
        handle.truncate()
        handle.flush()
        os.fsync(handle.fileno())


def read_text(path: Path) -> str | None:
    """None when the file is gone (rotated or ingested meanwhile)."""
    try:
        with path.open(encoding="utf-8", errors=ERRORS, newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
