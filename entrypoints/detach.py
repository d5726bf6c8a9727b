"""Starting Abzu in a fully detached background process (it must outlive Claude Code)."""

import os
import subprocess
import sys
from collections.abc import Sequence

from abzu.entrypoints.actor import ACTOR_VARIABLE


def abzu_command(*args: str) -> list[str]:
    """This interpreter running Abzu's launcher: no reliance on PATH or on `python3`."""
    return [sys.executable, "-m", "abzu.entrypoints.launcher", *args]


def start_detached(argv: Sequence[str], *, cwd: str | None = None) -> None:
    flags: dict[str, object] = (
        {"creationflags": subprocess.DETACHED_PROCESS | subprocess.CREATE_NEW_PROCESS_GROUP}  # type: ignore[attr-defined]
        if os.name == "nt" else {"start_new_session": True}
    )
    subprocess.Popen(
        list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        close_fds=True, cwd=cwd, env={**os.environ, ACTOR_VARIABLE: "hook"}, **flags,  # type: ignore[call-overload]
    )
