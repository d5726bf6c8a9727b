"""The data home is private: folders 0700, files 0600. Standard library only (hooks use it).

Memory holds a user's work, preferences and sometimes fragments of secrets the redactor
missed; another local user must not be able to read any of it. Files are created private
(never created open and tightened later) and an existing home is tightened on every open.
"""

import os
import stat
from pathlib import Path
from typing import TextIO

FOLDER_MODE = 0o700
FILE_MODE = 0o600
SUBFOLDERS = ("spool", "snapshots")


def private_folder(path: Path) -> Path:
    """Creates `path` (and missing parents) 0700; an existing folder loses group/other bits."""
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    _restrict(path, FOLDER_MODE)
    return path


def private_file(path: Path) -> Path:
    """Creates an empty `path` 0600 unless it exists; an existing file loses group/other bits."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        _restrict(path, FILE_MODE)
    return path


def open_private(path: Path) -> TextIO:
    """A text handle for writing a file created 0600 (the spool writes through it)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    return os.fdopen(fd, "w", encoding="utf-8")


def tighten_home(home: Path) -> None:
    """The home and its known subfolders 0700, every regular file directly in them 0600."""
    for folder in (home, *(home / name for name in SUBFOLDERS)):
        if not folder.is_dir():
            continue
        _restrict(folder, FOLDER_MODE)
        for entry in os.scandir(folder):
            if entry.is_file(follow_symlinks=False):
                _restrict(Path(entry.path), FILE_MODE)


def _restrict(path: Path, mode: int) -> None:
    try:
        current = stat.S_IMODE(path.lstat().st_mode)
        if current & 0o077:
            os.chmod(path, current & mode)
    except OSError:
        pass  # not ours to change (a read-only or foreign home): reading it must still work
