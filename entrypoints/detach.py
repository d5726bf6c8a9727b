"""Starting Abzu in a fully detached background process (it must outlive Claude Code)."""

import os
import sys
from collections.abc import Sequence

from abzu.entrypoints.actor import ACTOR_VARIABLE


def abzu_command(*args: str) -> list[str]:
    """This interpreter running Abzu's launcher: no reliance on PATH or on `python3`."""
    return [sys.executable, "-m", "abzu.entrypoints.launcher", *args]


def start_detached(argv: Sequence[str], *, cwd: str | None = None) -> None:
    """A new session, stdio on the null device, this process's environment with the hook actor.
    POSIX: `posix_spawn` (vfork-fast, and no `subprocess` import, ~4 ms of a hook's budget)."""
    env = {**os.environ, ACTOR_VARIABLE: "hook"}
    if hasattr(os, "posix_spawn"):
        try:
            _spawn(list(argv), cwd, env)
            return
        except NotImplementedError:  # no POSIX_SPAWN_SETSID on this platform
            pass
    _popen(list(argv), cwd, env)


def _spawn(argv: list[str], cwd: str | None, env: dict[str, str]) -> None:
    """posix_spawn has no working-directory action before Python 3.13: the hook process (one
    thread) moves there for the spawn and back. Missing program or folder: raised, as Popen."""
    null = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
    closed = [(os.POSIX_SPAWN_CLOSE, fd) for fd in _inherited()]
    here = os.getcwd()
    os.chdir(cwd or here)
    try:
        os.posix_spawn(argv[0], argv, env, file_actions=null + closed, setsid=True)
    finally:
        os.chdir(here)


def _inherited() -> list[int]:
    """Descriptors above stdio that a child would inherit (Popen's close_fds closes them): an
    inherited pipe of Claude Code's, held open by a long recovery, could keep it waiting."""
    try:
        names = os.listdir("/dev/fd")
    except OSError:
        return []
    found = []
    for fd in (int(n) for n in names if n.isdigit() and int(n) > 2):
        try:
            if os.get_inheritable(fd):
                found.append(fd)
        except OSError:  # the listing's own descriptor, closed by now
            continue
    return found


def _popen(argv: list[str], cwd: str | None, env: dict[str, str]) -> None:
    import subprocess

    flags: dict[str, object] = (
        {"creationflags": subprocess.DETACHED_PROCESS | subprocess.CREATE_NEW_PROCESS_GROUP}  # type: ignore[attr-defined]
        if os.name == "nt" else {"start_new_session": True}
    )
    subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        close_fds=True, cwd=cwd, env=env, **flags,  # type: ignore[call-overload]
    )
