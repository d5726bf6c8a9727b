"""The background `recover`/`finalize` answer "nothing to do" without the container only when the
full command would find nothing either; anything pending makes them run in full (issue 13.5)."""

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from abzu.adapters.sqlite.stores import open_store
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.nothing_to_do import answer, finalize_is_idle, recover_is_idle

SID = "11111111-2222-3333-4444-555555555555"
HOUR = 3600.0


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> DataHome:
    monkeypatch.setenv("ABZU_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ABZU_CLAUDE_PROJECTS", str(tmp_path / "projects"))
    layout = DataHome.at(tmp_path / "home")
    layout.root.mkdir()
    open_store(layout.staging, "staging").close()
    return layout


def stamp(seconds_ago: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() - seconds_ago)) + ".000000"


def session(home: DataHome, sid: str = SID, *, finalized: float | None = HOUR, ended: float | None = None,
            transcript: Path | None = None, last_event: float = 2 * HOUR) -> None:
    with sqlite3.connect(home.staging) as db:
        db.execute("INSERT INTO sessions (session_id, transcript_path, started_at, last_event_at,"
                   " finalized_at, ended_at) VALUES (?, ?, ?, ?, ?, ?)",
                   (sid, str(transcript) if transcript else None, stamp(3 * HOUR), stamp(last_event),
                    None if finalized is None else stamp(finalized), None if ended is None else stamp(ended)))


def journal(home: DataHome, sid: str) -> None:
    home.spool.mkdir(exist_ok=True)
    entry = {"kind": "event", "session_id": sid, "event": "SessionStart"}
    (home.spool / f"{time.time_ns()}-1-event.json").write_text(json.dumps(entry), encoding="utf-8")


def transcript(tmp_path: Path, name: str, seconds_ago: float) -> Path:
    path = tmp_path / "projects" / "-src-api" / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}\n", encoding="utf-8")
    os.utime(path, (time.time() - seconds_ago, time.time() - seconds_ago))
    return path


def idle(home: DataHome, tmp_path: Path, exclude: str | None = "starting") -> bool:
    return recover_is_idle(home, exclude, tmp_path / "projects", 300.0)


def test_finalised_sessions_and_only_the_starting_sessions_journal_mean_nothing_to_do(
    home: DataHome, tmp_path: Path,
) -> None:
    session(home, transcript=transcript(tmp_path, SID, 2 * HOUR))
    journal(home, "starting")
    transcript(tmp_path, "starting", 1)  # the session starting now
    assert idle(home, tmp_path)
    assert answer(["recover", "--exclude", "starting"]) == "recovered 0 session(s)"


def test_a_session_due_for_recovery_or_another_sessions_journal_means_work(
    home: DataHome, tmp_path: Path,
) -> None:
    session(home, "live", finalized=None, last_event=10)  # active a moment ago: recover leaves it
    assert idle(home, tmp_path)
    journal(home, "other")
    assert not idle(home, tmp_path)
    (next(home.spool.iterdir())).unlink()
    session(home, "ended", finalized=None, ended=HOUR)
    assert not idle(home, tmp_path)
    assert answer(["recover", "--exclude", "starting"]) is None


def entry(home: DataHome, sid: str, seconds_ago: float, event: str = "Stop") -> None:
    """A hook's journal entry as the journaling hooks write it (kind "hook", the payload kept)."""
    home.spool.mkdir(exist_ok=True)
    at = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(time.time() - seconds_ago)) + ".000000+00:00"
    body = {"kind": "hook", "event": event, "at": at, "payload": {"session_id": sid}}
    (home.spool / f"{time.time_ns()}-1-hook.json").write_text(json.dumps(body), encoding="utf-8")


def test_a_live_neighbours_journal_can_wait_until_it_ends_or_goes_quiet(
    home: DataHome, tmp_path: Path,
) -> None:
    """Issue 29.10: sessions left open beside the starting one (parallel, or starts that never
    ended) made every second start run the whole recovery just to ingest their entries."""
    entry(home, "open-beside", 30)
    entry(home, "open-beside", 10)
    assert idle(home, tmp_path)
    entry(home, "open-beside", 5, event="SessionEnd")  # it ended: its finalisation is due
    assert not idle(home, tmp_path)
    for path in home.spool.iterdir():
        path.unlink()
    entry(home, "gone-quiet", HOUR)  # a crash: due for recovery
    assert not idle(home, tmp_path)
    for path in home.spool.iterdir():
        path.unlink()
    session(home)  # finalised: an entry of it would reopen it
    entry(home, SID, 10)
    assert not idle(home, tmp_path)


def test_a_transcript_that_grew_after_finalisation_or_no_capture_covered_means_work(
    home: DataHome, tmp_path: Path,
) -> None:
    session(home, transcript=transcript(tmp_path, SID, 10 * 60))  # written after its finalisation
    assert not idle(home, tmp_path)
    transcript(tmp_path, SID, 2 * HOUR)
    assert idle(home, tmp_path)
    transcript(tmp_path, "99999999-2222-3333-4444-555555555555", HOUR)  # never captured
    assert not idle(home, tmp_path)


def test_finalize_of_a_finalised_session_with_an_empty_journal_is_nothing_to_do(home: DataHome) -> None:
    session(home)
    assert finalize_is_idle(home, SID) and not finalize_is_idle(home, "unknown")
    journal(home, SID)  # a hook since would reopen it
    assert not finalize_is_idle(home, SID)


def test_the_installed_command_answers_without_loading_the_container(home: DataHome, tmp_path: Path) -> None:
    session(home)
    probe = subprocess.run([sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", "recover"],
                           capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path)
    assert (probe.returncode, probe.stdout) == (0, "recovered 0 session(s)\n")
    imported = {line.split("|")[-1].strip() for line in probe.stderr.splitlines() if "|" in line}
    assert not imported & {"sqlalchemy", "typer", "pydantic", "dependency_injector"}


def distiller_transcript(tmp_path: Path, name: str, seconds_ago: float, first_prompt: str) -> Path:
    """A transcript as Claude Code writes one for `claude -p` with the prompt on stdin."""
    path = transcript(tmp_path, name, seconds_ago)
    record = {"type": "user", "sessionId": name, "cwd": "/home/u/.enki/distill", "uuid": "u1",
              "message": {"role": "user", "content": first_prompt}}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    os.utime(path, (time.time() - seconds_ago, time.time() - seconds_ago))
    return path


def test_transcripts_of_abzus_own_distiller_are_no_work_by_prompt_or_by_recorded_id(
    home: DataHome, tmp_path: Path,
) -> None:
    from abzu.domain.extraction.distill_prompt import prompt

    distiller_transcript(tmp_path, "aaaaaaaa-2222-3333-4444-555555555555", HOUR,
                         prompt(summary="s", heuristic=(), existing=()))
    assert idle(home, tmp_path)  # known by its first prompt, never imported: nothing to do
    by_id = distiller_transcript(tmp_path, "bbbbbbbb-2222-3333-4444-555555555555", HOUR, "Summarise this")
    assert not idle(home, tmp_path)  # an ordinary uncovered transcript, as far as its text says
    with sqlite3.connect(home.staging) as db:
        db.execute("INSERT INTO extraction_log (id, session_id, method, status, child_session_id) "
                   "VALUES ('x-1', 'parent', 'cc_distill', 'ok', ?)", (by_id.stem,))
    assert idle(home, tmp_path)  # the extraction log names it as the distiller's
