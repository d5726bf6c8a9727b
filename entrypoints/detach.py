"""Starting Abzu in a fully detached background process (it must outlive Claude Code)."""

import os
import sys
from collections.abc import Sequence

from abzu.entrypoints.actor import ACTOR_VARIABLE


def abzu_command(*args: str) -> list[str]:
    """This interpreter running Abzu's launcher: no reliance on PATH or on `python3`."""
    return [sys.executable, "-m", "abzu.entrypoints.launcher", *args]


def background_job(job: str, **fields: str | None) -> tuple[list[str], str]:
    """The command line and stdin of a background job (entrypoints/background.py): its job as
    JSON, the fields a hook payload names them (the job validates them as one)."""
    import json

    given = {name: value for name, value in fields.items() if value is not None}
    return [sys.executable, "-m", "abzu.entrypoints.background"], json.dumps({"job": job, **given})


def start_detached(argv: Sequence[str], *, cwd: str | None = None, stdin: str | None = None) -> None:
    """A new session, stdio on the null device (stdin: `stdin` through a pipe, when given), this
    process's environment with the hook actor. POSIX: `posix_spawn` (vfork-fast, and no
    `subprocess` import, ~4 ms of a hook's budget)."""
    env = {**os.environ, ACTOR_VARIABLE: "hook"}
    if hasattr(os, "posix_spawn"):
        try:
            _spawn(list(argv), cwd, env, stdin)
            return
        except NotImplementedError:  # no POSIX_SPAWN_SETSID on this platform
            pass
    _popen(list(argv), cwd, env, stdin)


def _spawn(argv: list[str], cwd: str | None, env: dict[str, str], stdin: str | None) -> None:
    """posix_spawn has no working-directory action before Python 3.13: the hook process (one
    thread) moves there for the spawn and back. Missing program or folder: raised, as Popen.
    A job's stdin is far below a pipe's buffer: written and closed without waiting on the child."""
    pipe = os.pipe() if stdin is not None else None
    given = [(os.POSIX_SPAWN_DUP2, pipe[0], 0)] if pipe else []  # dup2 clears close-on-exec
    null = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2) if fd or not pipe]
    closed = [(os.POSIX_SPAWN_CLOSE, fd) for fd in _inherited()]
    here = os.getcwd()
    os.chdir(cwd or here)
    try:
        os.posix_spawn(argv[0], argv, env, file_actions=given + null + closed, setsid=True)
        if pipe and stdin is not None:
            _write_all(pipe[1], stdin.encode("utf-8"))
    finally:
        os.chdir(here)
        for fd in pipe or ():
            os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]


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


def _popen(argv: list[str], cwd: str | None, env: dict[str, str], stdin: str | None) -> None:
    import subprocess

    flags: dict[str, object] = (
        {"creationflags": subprocess.DETACHED_PROCESS | subprocess.CREATE_NEW_PROCESS_GROUP}  # type: ignore[attr-defined]
        if os.name == "nt" else {"start_new_session": True}
    )
    child = subprocess.Popen(
        argv, stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, close_fds=True, cwd=cwd, env=env, **flags,  # type: ignore[call-overload]
    )
    if stdin is not None and child.stdin is not None:
        with child.stdin:
            child.stdin.write(stdin.encode("utf-8"))
