"""A new session refreshes the local copy of the team's memories in the background (issue 32).

Standard library only, and one stat for a data home that never joined a team. The hook itself
never talks to the team server: it starts `abzu team refresh --quiet` detached when the copy (or
the last attempt, `team/refresh.stamp`) is older than `team_refresh_minutes` (default 10), so a
server that is down is asked at most once per interval and never holds a session start.
"""

import os
import time

from abzu.entrypoints.detach import abzu_command, start_detached
from abzu.entrypoints.home_root import TEAM, TEAM_CACHE, in_home

STAMP = "refresh.stamp"


def refresh_if_due(root: str, cwd: str) -> bool:
    """Whether a refresh was started (`root`: the data home's folder). Never raises: the briefing
    matters more than the copy."""
    cache = in_home(root, TEAM, TEAM_CACHE)
    if not os.path.isfile(cache):
        return False
    stamp, moment = in_home(root, TEAM, STAMP), time.time()
    try:
        if moment - max(_mtime(stamp), _mtime(cache)) < _minutes() * 60:
            return False
        os.close(os.open(stamp, os.O_WRONLY | os.O_CREAT, 0o666))  # as Path.touch: made if missing
        os.utime(stamp, (moment, moment))
        start_detached(abzu_command("team", "refresh", "--quiet"), cwd=str(cwd))
    except Exception as exc:  # a read-only home, no process left: one line, the hook goes on
        from abzu.entrypoints.hooks.main import log_error

        log_error(f"team refresh not started: {type(exc).__name__}: {exc}")
        return False
    return True


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def _minutes() -> float:
    from abzu.entrypoints import setting_fields as one

    try:
        (minutes,) = one.values(one.TEAM_REFRESH_MINUTES)
    except (one.ConfigError, one.Refused):  # the setting's own default, as Settings has it
        return one.TEAM_REFRESH_MINUTES.default
    return float(minutes)
