"""The rendered recall pack (issue 13): the exact block session start injects, taken ahead by
finalisation, recovery and the pre-compact snapshot (a stale one also by the recovery that has
nothing to recover: entrypoints/pack_retake.py), printed by the SessionStart hook with the
standard library alone.

Standard library only (json, os, sqlite3, time): the hook imports this and nothing else of Abzu's
use cases. The block is kept with everything it was rendered from fingerprinted (`inputs`), and
is used only when every input is what it was:
- the stores' marks (adapters/sqlite/store_marks.py: a remember moves them, a recall stamp does
  not) and the user's explicit profile entries (shown after the persona);
- persona.md, config.toml and the project's `.enki/` files (mtime, ctime, size, inode);
- the ABZU_* environment (settings change the block) and the project root;
- the time: the same UTC day, and before `until`, the first moment the block (the "review due"
  line) would read differently, found by the writer.
Two placeholders are filled at each start: the header's time stamp and the fence nonce (issue
20: each block draws its own). The writer proved the nonce occurs only where fences are, so
stored text can neither contain nor forge it. A sibling transcript newer than the last summary
(a crashed session the block would report) is left to the live path, unless abzu.db says its
session is settled (issue 29.10).
"""

import json
import os
import re
import sqlite3
import time
from pathlib import Path

from abzu.adapters.sqlite.store_marks import STAGING_MARK, WISDOM_MARK, read_marks
from abzu.domain.sessions.ids import SESSION_ID_PATTERN

# 2: beads the agent wrote are labelled as such (issue 29); a block rendered before says "reviewed"
VERSION = 2
PROJECT_FILES = ("goal", "phase", "tier", "gates.md")
UNWATCHED = frozenset({"ABZU_ACTOR"})  # who writes; set by the hook for its background work
PROFILE_MARK = ("SELECT count(*), group_concat(coalesce(project_id, '') || char(31) || key || char(31) "
                "|| value, char(30)) FROM (SELECT * FROM user_profile WHERE source = 'explicit' "
                "ORDER BY project_id, key)")
STAMP_TITLE = "session start ({})"


def stamp_at(epoch: float) -> str:
    """domain/sessions/render.py `stamp`, from a POSIX time."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(epoch))


def inputs(home: Path, root: str, environ: "os._Environ[str] | dict[str, str]",
           config: Path) -> dict[str, object] | None:
    """Everything but the time the block depends on; None when a store cannot be read.
    `config`: the config file Settings reads (DataHome.config_file)."""
    marks = store_state(home / "wisdom.db", home / "abzu.db")
    if marks is None:
        return None
    enki = Path(root) / ".enki"
    # team/cache.db: the team's memories (issue 32); a refresh renames a new copy in
    watched = [home / "persona.md", config, home / "team" / "cache.db", *(enki / n for n in PROJECT_FILES)]
    return {
        "root": root, "marks": marks, "enki": enki.is_dir(),
        "files": {str(p): _stat(p) for p in watched},
        "env": {k: v for k, v in sorted(environ.items()) if k.startswith("ABZU_") and k not in UNWATCHED},
    }


def store_state(wisdom: Path, staging: Path) -> list[object] | None:
    first = read_marks(wisdom, WISDOM_MARK, PROFILE_MARK)
    second = read_marks(staging, STAGING_MARK)
    return None if first is None or second is None else [*first, *second]


def _stat(path: Path) -> list[int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return [found.st_mtime_ns, found.st_ctime_ns, found.st_size, found.st_ino]


def save(path: Path, pack: dict[str, object]) -> None:
    """Written aside and renamed (0600, in the private data home): readers see one whole pack."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump({"v": VERSION, **pack}, out, ensure_ascii=False)
    os.replace(temporary, path)


def load(path: Path, *, home: Path, root: str, environ: "os._Environ[str] | dict[str, str]",
         config: Path, now: float) -> dict[str, object] | None:
    """The pack when it is provably what a live start would render at `now`; else None."""
    try:
        with open(path, encoding="utf-8") as handle:
            pack = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(pack, dict) or pack.get("v") != VERSION:
        return None
    in_time = pack.get("day") == time.strftime("%Y-%m-%d", time.gmtime(now)) and now < _number(pack, "until")
    if not in_time:
        return None
    return pack if pack.get("inputs") == inputs(home, root, environ, config) else None


def fill(pack: dict[str, object], *, now: float, fence: str) -> str:
    """The block with this start's time stamp and fence nonce."""
    text, old = str(pack["text"]), STAMP_TITLE.format(pack["stamp"])
    return text.replace(old, STAMP_TITLE.format(stamp_at(now)), 1).replace(str(pack["fence"]), fence)


def no_crash_notice(transcript_path: str | None, session_id: str, pack: dict[str, object],
                    staging: Path) -> bool:
    """True when the live path would show no crashed sibling session: every other transcript
    beside this one (adapters/crashed_transcripts.py) written after the last summary the block
    shows belongs to a session abzu.db says is settled (ended, finalised, or summarised: the
    live path shows none of those as crashed). A sibling that recovery settled without a summary
    (nothing in it worth one) would otherwise keep every later start on the live path (issue
    29.10). One read-only query, only when such a sibling exists."""
    if not transcript_path:
        return True
    summary_at = pack.get("last_summary_at")
    if summary_at is None:  # the block shows no summary yet: every sibling counts
        summary_at = float("-inf")
    if not isinstance(summary_at, (int, float)):
        return False
    newer = _siblings_since(Path(transcript_path).parent, session_id, summary_at)
    return newer is not None and (not newer or _all_settled(staging, newer))


def _siblings_since(folder: Path, excluding: str, since: float) -> list[str] | None:
    """Session ids of the transcripts beside `excluding` written at or after `since`; None when
    the folder cannot be read (the live path logs it)."""
    pattern, found = re.compile(SESSION_ID_PATTERN), []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                stem = entry.name[:-6]
                if (not entry.name.endswith(".jsonl") or stem == excluding or stem.startswith("agent-")
                        or not pattern.fullmatch(stem) or not entry.is_file(follow_symlinks=True)):
                    continue
                if entry.stat().st_mtime >= since:
                    found.append(stem)
    except FileNotFoundError:
        return []  # no folder yet: a first session of this project
    except OSError:
        return None
    return found


SETTLED = """SELECT count(*) FROM (
  SELECT session_id FROM sessions
  WHERE session_id IN ({marks}) AND (ended_at IS NOT NULL OR finalized_at IS NOT NULL)
  UNION SELECT session_id FROM session_summaries
  WHERE session_id IN ({marks}) AND (is_final = 1 OR sequence > 0))"""


def _all_settled(staging: Path, sessions: list[str]) -> bool:
    """Every one of `sessions` ended, finalised or summarised, as the live path asks it
    (Sqlite3SessionContext.session_ended, session_summaries); False when unsure."""
    if len(sessions) > 50 or not staging.is_file():
        return False
    try:
        conn = sqlite3.connect(f"{staging.as_uri()}?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error:
        return False
    try:
        unique = sorted(set(sessions))
        sql = SETTLED.format(marks=", ".join("?" * len(unique)))
        return bool(conn.execute(sql, [*unique, *unique]).fetchone()[0] == len(unique))
    except sqlite3.Error:
        return False
    finally:
        conn.close()


def _number(pack: dict[str, object], key: str) -> float:
    value = pack.get(key)
    return float(value) if isinstance(value, (int, float)) else float("-inf")
