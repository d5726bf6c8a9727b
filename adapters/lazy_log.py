"""Abzu's logger, imported when a line is written (issue 13): `logging` (with traceback, string,
threading, weakref) costs a hook ~5-15 ms, and a hook's adapters log only when something fails.
The data home's file is configured on logging's import (entrypoints/log_on_import.py)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the hook path
if TYPE_CHECKING:
    import logging


def abzu_log() -> "logging.Logger":
    import logging

    return logging.getLogger("abzu")
