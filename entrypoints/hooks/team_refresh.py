"""A new session refreshes the local copy of the team's memories in the background (issue 32).

Standard library only, and one stat for a data home that never joined a team. The hook itself
never talks to the team server: it starts `abzu team refresh --quiet` detached when the copy (or
the last attempt, `team/refresh.stamp`) is older than `team_refresh_minutes` (default 10), so a
server that is down is asked at most once per interval and never holds a session start.
"""

import os
import time
from pathlib import Path

from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.detach import abzu_command, start_detached

DEFAULT_MINUTES = 10.0


def refresh_if_due(home: DataHome, cwd: Path | str, *, now: float | None = None) -> bool:
    """Whether a refresh was started. Never raises: the briefing matters more than the copy."""
    if not home.team_cache.is_file():
        return False
    stamp, moment = home.team / "refresh.stamp", time.time() if now is None else now
    try:
        if moment - max(_mtime(stamp), _mtime(home.team_cache)) < _minutes(home) * 60:
            return False
        stamp.touch()
        os.utime(stamp, (moment, moment))
        start_detached(abzu_command("team", "refresh", "--quiet"), cwd=str(cwd))
    except Exception as exc:  # a read-only home, no process left: one line, the hook goes on
        from abzu.entrypoints.hooks.main import log_error

        log_error(f"team refresh not started: {type(exc).__name__}: {exc}")
        return False
    return True


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _minutes(home: DataHome) -> float:
    from abzu.entrypoints import setting_fields as one

    try:
        (minutes,) = one.values(one.TEAM_REFRESH_MINUTES)
    except (one.ConfigError, one.Refused):
        return DEFAULT_MINUTES
    return float(minutes)
