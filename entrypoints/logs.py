"""Abzu's log file in the data home. Nothing is ever logged to stdout (the MCP wire, hook output)."""

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from abzu.entrypoints.log_rotation import FollowingFileHandler

LOGGER_NAME = "abzu"
# Until a log file is configured, records go nowhere rather than to logging's last-resort
# handler, which would print tracebacks on stderr (into Claude Code, or the user's terminal).
logging.getLogger(LOGGER_NAME).addHandler(logging.NullHandler())


class RedactingFormatter(logging.Formatter):
    """Every formatted line (message, arguments, traceback) passes through the redactor.

    Log lines quote inputs and exceptions, and exceptions quote SQL parameters: a secret that
    reached a log would outlive every scrub of the stores.
    """

    def format(self, record: logging.LogRecord) -> str:
        # Imported on first use: most hook runs never log, and the rules cost ~40 ms to compile.
        from abzu.domain.redaction import redact

        return redact(super().format(record)).text


def excerpt(text: str, limit: int) -> str:
    """The first `limit` characters of a redacted text: cutting first could leave half of a
    secret, which no rule would recognise any more."""
    from abzu.domain.redaction import redact

    return redact(text).text[:limit]


class LazyFileHandler(logging.Handler):
    """Opens (and imports) the log file on the first record only, rotating it first if large.

    `logging.handlers` pulls in socket, pickle and queue (~15 ms): most hook runs never log,
    so they should not pay for it. Several processes write this file: see log_rotation for why
    not RotatingFileHandler.
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path.absolute()
        self._file: FollowingFileHandler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            from abzu.entrypoints.log_rotation import FollowingFileHandler, rotate_if_large

            try:  # the file was created private by configure_file_logging
                rotate_if_large(self.path)
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))  # private
                self._file = FollowingFileHandler(self.path)
            except OSError:
                return  # an unwritable log must never break the caller
            self._file.setFormatter(self.formatter)
        self._file.emit(record)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def configure_file_logging(path: Path) -> logging.Logger:
    """Log to `path`; a handler left by an earlier data home in this process is replaced."""
    logger = logging.getLogger(LOGGER_NAME)
    handlers = [h for h in logger.handlers if isinstance(h, LazyFileHandler)]
    if not any(h.path == path.absolute() for h in handlers):
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))  # born private
        except OSError:
            return logger  # an unwritable log must never break the caller
        handler = LazyFileHandler(path)
        for stale in handlers:
            logger.removeHandler(stale)
            stale.close()
        handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    return logger

