"""What `abzu recover` (and the recovery every session start launches) does when there is little
or nothing to do, on the real use cases (issue 31: the standard-library "nothing to do" mirror in
front of them is gone; RecoverSessions and ImportSessions answer it themselves)."""

import json
import os
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from abzu.adapters.spool.file_spool import FileSessionJournal
from abzu.domain.sessions.record import HookEvent, SessionEvent
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.session_jobs import finalize, recover
from abzu.entrypoints.wiring.lifecycle import SessionLifecycle
from tests.integration.sqlite_helpers import open_store

SID = "11111111-2222-3333-4444-555555555555"
HOUR = 3600.0


@pytest.fixture
def home(abzu_home: Path, repo: Path) -> DataHome:
    layout = DataHome.at(abzu_home)
    layout.root.mkdir()
    open_store(layout.wisdom, "wisdom").close()
    open_store(layout.staging, "staging").close()
    return layout


def run(repo: Path, tmp_path: Path, exclude: str | None = "starting") -> list[str]:
    said: list[str] = []
    projects, idle = tmp_path / "projects", timedelta(minutes=5)
    recover(SessionLifecycle.open(repo), exclude, True, projects, idle, said.append)
    return said


def stamp(seconds_ago: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() - seconds_ago)) + ".000000"


def session(home: DataHome, sid: str = SID, *, finalized: float | None = HOUR, ended: float | None = None,
            transcript: Path | None = None, last_event: float = 2 * HOUR) -> None:
    with sqlite3.connect(home.staging) as db:
        db.execute("INSERT INTO sessions (session_id, transcript_path, started_at, last_event_at,"
                   " finalized_at, ended_at) VALUES (?, ?, ?, ?, ?, ?)",
                   (sid, str(transcript) if transcript else None, stamp(3 * HOUR), stamp(last_event),
                    None if finalized is None else stamp(finalized), None if ended is None else stamp(ended)))


def finalised(home: DataHome, sid: str) -> bool:
    with sqlite3.connect(home.staging) as db:
        return db.execute("SELECT finalized_at IS NOT NULL FROM sessions WHERE session_id = ?",
                          (sid,)).fetchone() == (1,)


def journal(home: DataHome, sid: str, seconds_ago: float, event: HookEvent = HookEvent.STOP) -> None:
    at = datetime.now(UTC) - timedelta(seconds=seconds_ago)
    FileSessionJournal(home.spool).record_event(SessionEvent(sid, event, at, None, None))


def transcript(tmp_path: Path, name: str, seconds_ago: float, first: dict[str, object] | None = None) -> Path:
    path = tmp_path / "projects" / "-src-api" / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    record = first or {"type": "user", "sessionId": name, "cwd": str(tmp_path), "uuid": "u1",
                       "message": {"role": "user", "content": "Fix the login page"}}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    os.utime(path, (time.time() - seconds_ago, time.time() - seconds_ago))
    return path


def test_finalised_sessions_and_the_starting_sessions_journal_mean_nothing_to_do(
    home: DataHome, repo: Path, tmp_path: Path,
) -> None:
    session(home, transcript=transcript(tmp_path, SID, 2 * HOUR))
    journal(home, "starting", 1, HookEvent.SESSION_START)
    transcript(tmp_path, "starting", 1)  # the session starting now
    assert run(repo, tmp_path) == ["recovered 0 session(s)"]
    assert not finalised(home, "starting")  # left alone, though its start was ingested


def test_a_session_that_ended_without_its_finalisation_is_recovered_a_live_one_is_not(
    home: DataHome, repo: Path, tmp_path: Path,
) -> None:
    session(home, "live", finalized=None, last_event=10)  # active a moment ago
    assert run(repo, tmp_path) == ["recovered 0 session(s)"]
    session(home, "ended", finalized=None, ended=HOUR)
    assert run(repo, tmp_path)[0] == "recovered 1 session(s)"
    assert finalised(home, "ended") and not finalised(home, "live")


def test_a_live_neighbour_waits_until_it_ends_or_goes_quiet(
    home: DataHome, repo: Path, tmp_path: Path,
) -> None:
    """Issue 29.10: sessions left open beside the starting one are not recovered while live."""
    journal(home, "open-beside", 30, HookEvent.SESSION_START)
    journal(home, "open-beside", 10)
    assert run(repo, tmp_path) == ["recovered 0 session(s)"] and not finalised(home, "open-beside")
    journal(home, "open-beside", 5, HookEvent.SESSION_END)
    assert run(repo, tmp_path)[0] == "recovered 1 session(s)" and finalised(home, "open-beside")


def test_a_transcript_that_grew_or_that_no_capture_covered_is_taken(
    home: DataHome, repo: Path, tmp_path: Path,
) -> None:
    session(home, transcript=transcript(tmp_path, SID, 10 * 60))  # written after its finalisation
    assert run(repo, tmp_path)[0] == "recovered 1 session(s)"
    assert run(repo, tmp_path) == ["recovered 0 session(s)"]
    transcript(tmp_path, "99999999-2222-3333-4444-555555555555", HOUR)  # never captured
    said = run(repo, tmp_path)
    assert said[0] == "recovered 0 session(s)" and said[1].startswith("imported 1 missed transcript(s)")


def test_finalize_of_a_finalised_session_says_there_is_nothing_new(home: DataHome, repo: Path) -> None:
    session(home)
    said: list[str] = []
    assert finalize(SessionLifecycle.open(repo), SID, said.append) is None
    assert said == [f"{SID}: nothing new to finalise"]


def test_transcripts_of_abzus_own_distiller_are_no_work_by_prompt_or_by_recorded_id(
    home: DataHome, repo: Path, tmp_path: Path,
) -> None:
    from abzu.domain.extraction.distill_prompt import prompt

    def by_distiller(name: str, first_prompt: str) -> Path:
        return transcript(tmp_path, name, HOUR, {"type": "user", "sessionId": name, "uuid": "u1",
                                                 "cwd": "/home/u/.enki/distill",
                                                 "message": {"role": "user", "content": first_prompt}})

    by_distiller("aaaaaaaa-2222-3333-4444-555555555555", prompt(summary="s", heuristic=(), existing=()))
    by_id = by_distiller("bbbbbbbb-2222-3333-4444-555555555555", "Summarise this")
    with sqlite3.connect(home.staging) as db:
        db.execute("INSERT INTO extraction_log (id, session_id, method, status, child_session_id) "
                   "VALUES ('x-1', 'parent', 'cc_distill', 'ok', ?)", (by_id.stem,))
    assert run(repo, tmp_path) == ["recovered 0 session(s)"]  # neither is imported
