"""Abzu's logger, imported when a line is written: `logging` (with traceback, string, threading,
weakref) costs a hook ~5-15 ms, and a hook's adapters log only when something fails. The entry
point configures the data home's log file (entrypoints/logs.py)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the hook path
if TYPE_CHECKING:
    import logging


def abzu_log() -> "logging.Logger":
    import logging

    return logging.getLogger("abzu")
