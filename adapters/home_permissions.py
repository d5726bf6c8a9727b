"""Data-home permissions for `abzu doctor`: memory is private, so 0700 folders and 0600 files.

Anything group- or world-accessible is reported; `--repair` takes those bits away (it never
widens a mode). Symbolic links are not followed: doctor only judges what Abzu itself wrote.
"""

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from abzu.adapters.private_files import FILE_MODE, FOLDER_MODE
from abzu.domain.health import Finding


class HomePermissions:
    def __init__(self, home: Path) -> None:
        self._home = home

    def check(self) -> list[Finding]:
        loose = [f"{_shown(path, self._home)} is {mode:04o}" for path, mode, _ in self._loose()]
        if not loose:
            return [Finding(str(self._home), "permissions")]
        more = f" (and {len(loose) - 5} more)" if len(loose) > 5 else ""
        problem = f"readable by others: {', '.join(loose[:5])}{more}"
        return [Finding(str(self._home), "permissions", problem, repairable=True)]

    def repair(self) -> list[str]:
        done = []
        for path, mode, allowed in self._loose():
            os.chmod(path, mode & allowed, follow_symlinks=False)
            done.append(f"{_shown(path, self._home)}: {mode:04o} -> {mode & allowed:04o}")
        return done

    def _loose(self) -> Iterator[tuple[Path, int, int]]:
        """(path, mode, the bits it may keep) for each entry with more than its allowed bits."""
        if not self._home.is_dir():
            return
        for path in (self._home, *self._home.rglob("*")):
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                continue
            allowed = FOLDER_MODE if stat.S_ISDIR(info.st_mode) else FILE_MODE | 0o100
            mode = stat.S_IMODE(info.st_mode)
            if mode & ~allowed:
                yield path, mode, allowed


def _shown(path: Path, home: Path) -> str:
    return str(path.relative_to(home)) if path != home else str(home)
