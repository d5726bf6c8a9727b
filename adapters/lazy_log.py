"""Abzu's logger, imported when a line is written: `logging` (with traceback, string, threading,
weakref) costs a hook ~5-15 ms, and a hook's adapters log only when something fails. The entry
point names the log file (`log_file_on_first_line`); it is opened, and `logging` imported, by the
first `abzu_log()` (entrypoints/logs.py configures the handler)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the hook path
if TYPE_CHECKING:
    import logging
    from collections.abc import Callable

_SETUP: "list[Callable[[], object]]" = []


def log_file_on_first_line(setup: "Callable[[], object]") -> None:
    """`setup` (configuring the log file) runs before the first line is written, if one is."""
    _SETUP[:] = [setup]


def abzu_log() -> "logging.Logger":
    import logging

    while _SETUP:
        _SETUP.pop()()
    return logging.getLogger("abzu")
