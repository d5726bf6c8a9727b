"""The client's end of the wire: every answer of `abzu mcp` goes out here (standard library only).

The fast handshake (front.py), the router's direct recalls and the SDK's writer (handover.py)
all send through one `Outlet`, each answer whole under one lock. A client may close its end
(our stdout) while calls are still running, e.g. calls answered after its stdin closed
(draining.py): the first answer that meets the closed pipe makes one log line, the answers
after it are dropped, and the calls themselves still finish (a remember is still stored). The
server then ends at end of input as usual, with exit status 0: nobody is left to read an error.
"""

import contextlib
import logging
import os
import threading

HUNG_UP = "the client closed its end of the wire; answers still to come are dropped"


class Outlet:
    """The wire on file descriptor `fd`, written whole under `lock`; quiet once the client is gone."""

    def __init__(self, fd: int, lock: "threading.Lock | None" = None) -> None:
        self._fd, self._lock = fd, lock or threading.Lock()
        self.hung_up = False

    def send(self, data: bytes) -> None:
        with self._lock:
            if self.hung_up:
                return
            try:
                while data:
                    data = data[os.write(self._fd, data):]
            except BrokenPipeError:
                self.hung_up = True
                note_hang_up()

    def claim_stdout(self) -> None:
        """The wire (fd 1) moved to a private descriptor and fd 1 pointed at stderr: what the
        SDK's transport does itself when it owns stdout, so stray prints miss the protocol."""
        with self._lock:
            self._fd = os.dup(self._fd)
            os.dup2(2, 1)


def note_hang_up() -> None:
    """One line: to the log file when it is open (logs.py stops propagation then), else to
    stderr as plain text (the SDK's handler on the root would dress it over several lines)."""
    logger = logging.getLogger("abzu")
    if not logger.propagate:
        logger.warning(HUNG_UP)
        return
    with contextlib.suppress(OSError):  # stderr gone too: nothing left to tell
        os.write(2, f"abzu mcp: {HUNG_UP}\n".encode())
