"""`abzu recover` and `abzu finalize` when there is nothing to do, answered with the standard
library and one read-only `sqlite3` query (issue 13 item 5).

Every session start launches `abzu recover` detached, and the container it loads costs ~1.4 s
of CPU next to Claude Code's own start-up, almost always to find nothing. This looks first, with
the rules of RecoverSessions/ImportSessions read conservatively: anything unclear (an unreadable
journal entry, a setting it cannot parse, a database it cannot read) is "maybe", and "maybe"
runs the full command. What it leaves behind is only the starting session's own journal entries,
which the next finalisation or recovery ingests (they change nothing until then).

Transcripts of Abzu's own distiller (issue 29.1) are no work for `recover`: known by the session
ids the extraction log records, or by their first prompt (adapters/jsonl/transcript_head.py).
"""

import json
import os
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

from abzu.entrypoints.data_home import DataHome

TAIL_WINDOW_S = 7 * 86400  # RecoverSessions.TAIL_WINDOW
_UUID_LENGTH = 36
Rows = list[tuple[str, str | None, str | None, str | None, str | None, str | None]]


def recover_is_idle(home: DataHome, exclude: str | None, projects: Path, idle_s: float) -> bool:
    """No journal entry ingestion could not leave for later, no session due for recovery,
    no finalised session whose transcript grew, no transcript on disk that a capture did not
    cover."""
    rows, children = _sessions(home.staging), _children(home.staging)
    if rows is None or children is None:
        return False
    now = time.time()
    if not _journal_can_wait(home.spool, exclude, rows, now, idle_s):
        return False
    busy = any(_due(row, exclude, now, idle_s) or (row[0] != exclude and _grew(row, now)) for row in rows)
    return not busy and _all_covered(projects, rows, exclude, now, idle_s, children)


def finalize_is_idle(home: DataHome, session_id: str) -> bool:
    """Finalised already, and no hook has written anything since (a hook would reopen it)."""
    names = _names(home.spool)
    if names is None or names:  # any entry, or a journal it cannot list, may reopen the session
        return False
    rows = _sessions(home.staging)
    return rows is not None and any(r[0] == session_id and r[4] is not None for r in rows)


def _journal_can_wait(spool: Path, exclude: str | None, rows: Rows, now: float, idle_s: float) -> bool:
    """Every journal entry is the starting session's, or another session's that is still live:
    no SessionEnd, not finalised (an entry would reopen it), active within the idle time (its
    newest entry or its transcript). Ingesting those changes nothing until the session ends or
    goes quiet, and then this answers no (issue 29.10: parallel or crashed sessions left every
    second start running the full recovery just to ingest a live neighbour's start)."""
    finalised = {row[0] for row in rows if row[4] is not None}
    active: dict[str, float] = {}
    for body in _entries(spool):
        sid = _session_of(body) if body is not None else None
        if sid == exclude and exclude is not None:
            continue
        if body is None or not isinstance(sid, str) or sid in finalised or body.get("event") == "SessionEnd":
            return False
        at = _iso_epoch(body.get("at"))
        if at is None:
            return False
        active[sid] = max(active.get(sid, at), at, _mtime(_transcript_of(body)) or at)
    return all(now - last < idle_s for last in active.values())


def _names(spool: Path) -> list[os.DirEntry[str]] | None:
    """The journal's entry files (none when there is no journal); None: it cannot be listed."""
    try:
        return [p for p in os.scandir(spool) if p.name.endswith(".json") and p.is_file()]
    except FileNotFoundError:
        return []
    except OSError:
        return None


def _entries(spool: Path) -> list[dict[str, object] | None]:
    """The journal's entries (None for one that cannot be read); none when there is no journal."""
    names = _names(spool)
    if names is None:
        return [None]
    found: list[dict[str, object] | None] = []
    for entry in names:
        try:
            body = json.loads(Path(entry.path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            body = None
        found.append(body if isinstance(body, dict) else None)
    return found


def _transcript_of(body: dict[str, object]) -> str | None:
    payload = body.get("payload")
    inner = payload.get("transcript_path") if isinstance(payload, dict) else None
    path = body.get("transcript_path") or inner
    return path if isinstance(path, str) else None


def _iso_epoch(stamp: object) -> float | None:
    """A journal entry's ISO 8601 time (with its offset)."""
    try:
        return datetime.fromisoformat(stamp).timestamp() if isinstance(stamp, str) else None
    except ValueError:
        return None


def _session_of(body: object) -> object:
    if not isinstance(body, dict):
        return None
    payload = body.get("payload")
    return body.get("session_id") or (payload.get("session_id") if isinstance(payload, dict) else None)


def _sessions(staging: Path) -> Rows | None:
    """(id, transcript, started, last event, finalized, ended) of every session; None: unreadable."""
    if not staging.exists():
        return []
    try:
        with sqlite3.connect(f"{staging.as_uri()}?mode=ro", uri=True, timeout=0.5) as db:
            return db.execute("SELECT session_id, transcript_path, started_at, last_event_at, "
                              "finalized_at, ended_at FROM sessions").fetchall()
    except sqlite3.Error:
        return None


def _children(staging: Path) -> frozenset[str] | None:
    """The sessions Abzu's distiller ran as (SqliteSessionRepository.distiller_children); None:
    unreadable (a store not migrated to s0016 yet is "maybe": the full command migrates it)."""
    if not staging.exists():
        return frozenset()
    try:
        with sqlite3.connect(f"{staging.as_uri()}?mode=ro", uri=True, timeout=0.5) as db:
            return frozenset(r[0] for r in db.execute(
                "SELECT DISTINCT child_session_id FROM extraction_log "
                "WHERE child_session_id IS NOT NULL").fetchall())
    except sqlite3.Error:
        return None


def _due(row: tuple[str, str | None, str | None, str | None, str | None, str | None],
         exclude: str | None, now: float, idle_s: float) -> bool:
    """SessionRecord.needs_recovery, for every project (the conservative reading of `recover`)."""
    session_id, transcript, started, last_event, finalized, ended = row
    if session_id == exclude or finalized is not None:
        return False
    if ended is not None:
        return True
    signs = [_epoch(started), _epoch(last_event), _mtime(transcript)]
    known = [s for s in signs if s is not None]
    return not known or now - max(known) >= idle_s


def _grew(row: tuple[str, str | None, str | None, str | None, str | None, str | None], now: float) -> bool:
    finalized, written = _epoch(row[4]), _mtime(row[1])
    return finalized is not None and now - finalized <= TAIL_WINDOW_S and written is not None \
        and written > finalized


def _all_covered(projects: Path, rows: Rows, exclude: str | None, now: float, idle_s: float,
                 children: frozenset[str]) -> bool:
    """ImportSessions.missed: a transcript counts as covered when a finalised session names it
    (by path, or by its session-id file name) and it was not written since, or when it is a
    transcript of Abzu's own distiller."""
    finalised = {key: _epoch(r[4]) for r in rows if r[4] is not None for key in (r[0], r[1]) if key}
    if not projects.is_dir():
        return True
    for path in {*projects.glob("*.jsonl"), *projects.glob("*/*.jsonl")}:
        written = _mtime(str(path))
        if path.stem == exclude or written is None or now - written < idle_s or path.is_symlink():
            continue  # the starting session, a live one, or gone: `recover` leaves those too
        by_name = finalised.get(path.stem) if len(path.stem) == _UUID_LENGTH else None
        at = finalised.get(str(path)) or by_name
        if (at is None or written > at) and not _distiller_run(path, children):
            return False
    return True


def _distiller_run(path: Path, children: frozenset[str]) -> bool:
    if path.stem in children:
        return True
    from abzu.adapters.jsonl.transcript_head import is_distiller_transcript

    return is_distiller_transcript(str(path))


def _epoch(stored: str | None) -> float | None:
    """abzu.db keeps naive UTC timestamps."""
    if stored is None:
        return None
    try:
        return datetime.fromisoformat(stored).replace(tzinfo=UTC).timestamp()
    except ValueError:
        return None


def _mtime(path: str | None) -> float | None:
    try:
        return os.stat(path).st_mtime if path else None
    except OSError:
        return None


def answer(argv: list[str]) -> str | None:
    """What `abzu recover …` / `abzu finalize ID` would print when idle; None: run it."""
    if argv[:1] == ["finalize"] and len(argv) == 2 and not argv[1].startswith("-"):
        return finalize_answer(argv[1])
    exclude, rest = _option(argv[1:], "--exclude")
    if argv[:1] != ["recover"] or rest not in ([], ["--all-projects"]):
        return None
    return recover_answer(exclude)


def recover_answer(exclude: str | None) -> str | None:
    """What recovering (leaving `exclude` alone) would print when idle; None: run it (the typed
    command and the background job alike)."""
    from abzu.entrypoints import setting_fields as one

    home = idle_home()
    if home is None:
        return None
    try:
        projects, idle = one.values(one.CLAUDE_PROJECTS, one.RECOVERY_IDLE_MINUTES)
    except (one.ConfigError, one.Refused):
        return None  # the full command reports it
    idle_now = recover_is_idle(home, exclude, Path(projects).expanduser(), idle * 60)
    return "recovered 0 session(s)" if idle_now else None


def finalize_answer(session_id: str) -> str | None:
    """What finalising `session_id` would print when idle; None: run it (the typed command and
    the background job alike)."""
    home = idle_home()
    if home is None or not finalize_is_idle(home, session_id):
        return None
    return f"{session_id}: nothing new to finalise"


def idle_home() -> DataHome | None:
    """The data home as Settings reads it; None when Settings would refuse it or the file."""
    from abzu.entrypoints import setting_fields as one

    try:
        [root] = one.values(one.HOME)
    except (one.ConfigError, one.Refused):
        return None
    return DataHome.at(root)


def _option(args: list[str], name: str) -> tuple[str | None, list[str]]:
    """(value of `name VALUE` / `name=VALUE`, the other arguments)."""
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            return args[i + 1], args[:i] + args[i + 2:]
        if arg.startswith(f"{name}="):
            return arg.split("=", 1)[1], args[:i] + args[i + 1:]
    return None, args
