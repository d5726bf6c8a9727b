"""ExtractTranscript through the real container: real SQLite files, real transcripts."""

import multiprocessing
import sqlite3
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from abzu.adapters.sqlite.stores import ready
from abzu.application.extraction.extract_transcript import ExtractionResult
from abzu.domain.extraction.transcript import ABZU_CONTEXT_MARKER
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.transcript_lines import append, attachment, call, jsonl, result, text, tool_use, user, write
from tests.transcript_lines import assistant as said_by_claude

FIXTURES = sorted(Path("/work/shared/fixtures/claude-jsonl").glob("*/*.jsonl"))
VIEWER = Path("/work/shared/fixtures/claude-jsonl/claude-code-viewer")
TSC_FIX = VIEWER / "fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl"


def _extract(container: Container, path: Path, session: str = "s1") -> ExtractionResult:
    sut = container.sessions.extract_transcript()
    return sut.execute(session_id=session, transcript_path=str(path), project="api")


def _db(home: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(home / "abzu.db") as conn:
        return conn.execute(sql).fetchall()


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name[:12] for p in FIXTURES])
def test_every_fixture_extracts_once_and_a_second_run_adds_nothing(
    container: Container, abzu_home: Path, path: Path
) -> None:
    first = _extract(container, path)
    second = _extract(container, path)
    assert first.status == second.status == "ok"
    assert first.read_to == second.read_to == path.stat().st_size
    assert first.new_offset == second.new_offset  # at the end, or at a failure still waiting for a fix
    assert second.candidates_created == 0
    staged = _db(abzu_home, "SELECT source, session_id FROM bead_candidates")
    assert staged == [("session_end", "s1")] * first.candidates_created
    assert _db(abzu_home, "SELECT candidates_created, status FROM extraction_log ORDER BY extracted_at") == [
        (first.candidates_created, "ok"), (0, "ok"),
    ]


def test_the_log_says_where_skipped_lines_are(container: Container, abzu_home: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "s1.jsonl", user("first"))
    append(path, b"\x00garbage\n" + jsonl(user("second")))
    extracted = _extract(container, path)
    assert extracted.skipped_corrupt == 1
    [(detail,)] = _db(abzu_home, "SELECT detail FROM extraction_log")
    assert f"skipped lines at bytes {len(jsonl(user('first')))}" in str(detail)


def test_a_lost_cursor_still_adds_nothing(container: Container, abzu_home: Path) -> None:
    assert _extract(container, TSC_FIX).candidates_created == 3
    with sqlite3.connect(abzu_home / "abzu.db") as conn:
        conn.execute("DELETE FROM transcript_cursors")
    again = _extract(container, TSC_FIX)
    assert (again.candidates_created, again.skipped_duplicates) == (0, 3)
    assert _db(abzu_home, "SELECT count(*) FROM bead_candidates") == [(3,)]
    assert _db(abzu_home, "SELECT count(*) FROM extracted_messages WHERE candidate_id IS NOT NULL") == [(3,)]


def test_a_line_still_being_written_is_mined_once_it_is_complete(
    container: Container, abzu_home: Path, tmp_path: Path
) -> None:
    path = write(tmp_path / "s1.jsonl", user("make the tests pass"),
                 call("t1", "Bash", command="pytest -q"), result("t1", "1 failed", is_error=True),
                 call("t2", "Edit", file_path="/src/api/a.py", old_string="x", new_string="y"),
                 result("t2", "updated", tool_use_result={"filePath": "/src/api/a.py"}),
                 call("t3", "Bash", command="pytest -q"))
    passed = jsonl(result("t3", "3 passed"))
    append(path, passed[:40])
    early = _extract(container, path)
    assert early.candidates_created == 0 and early.read_to == path.stat().st_size - 40
    assert early.new_offset == len(jsonl(user("make the tests pass")))  # waits on the failed call
    append(path, passed[40:])
    late = _extract(container, path)
    assert late.candidates_created == 1 and late.new_offset == late.read_to == path.stat().st_size
    assert _db(abzu_home, "SELECT category, summary FROM bead_candidates") == [("fix", "Fix: pytest -q")]


def test_an_unknown_format_is_logged_and_nothing_is_staged(
    container: Container, abzu_home: Path, tmp_path: Path
) -> None:
    said = "We decided to use Redis instead of Memcached."
    lines = [{"kind": "turn", "id": f"t{i}", "text": said} for i in range(9)]
    extracted = _extract(container, write(tmp_path / "s1.jsonl", *lines))
    assert (extracted.status, extracted.format_recognised) == ("skipped-format", False)
    assert extracted.new_offset == 0
    assert _db(abzu_home, "SELECT count(*) FROM bead_candidates") == [(0,)]
    [(status, detail)] = _db(abzu_home, "SELECT status, detail FROM extraction_log")
    assert status == "skipped-format" and "not claude-code-jsonl/1" in str(detail)
    assert _db(abzu_home, "SELECT byte_offset FROM transcript_cursors") == [(0,)]


def test_our_own_injected_memory_never_comes_back_as_a_candidate(
    container: Container, abzu_home: Path, tmp_path: Path
) -> None:
    echo = "We decided to use Redis instead of Memcached for sessions."
    path = write(
        tmp_path / "s1.jsonl",
        attachment(f"{ABZU_CONTEXT_MARKER}\n{echo}"),
        user(f"{ABZU_CONTEXT_MARKER}\n{echo}"),
        said_by_claude(text(f"{ABZU_CONTEXT_MARKER} recalled: {echo}")),
        said_by_claude(text("I'll use the existing retry helper instead of a new decorator.")),
        said_by_claude(tool_use("t1", "Edit", file_path="/src/api/retry.py", old_string="a", new_string="b")),
    )
    extracted = _extract(container, path)
    assert extracted.candidates_created == 1
    assert _db(abzu_home, "SELECT content FROM bead_candidates") == [
        ("I'll use the existing retry helper instead of a new decorator.",)
    ]


@pytest.mark.slow
def test_four_processes_extracting_at_once_stage_each_candidate_once(abzu_home: Path, repo: Path) -> None:
    ready(abzu_home / "abzu.db", "staging")  # migrate once
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(4, mp_context=spawn) as pool:
        results = list(pool.map(_extract_in_process, [str(abzu_home)] * 4, [str(repo)] * 4, timeout=60))
    assert sum(results) == 3
    assert _db(abzu_home, "SELECT count(*) FROM bead_candidates") == [(3,)]


def _extract_in_process(home: str, cwd: str) -> int:
    container = build_container(Settings(home=Path(home)), cwd=Path(cwd))
    try:
        return _extract(container, TSC_FIX).candidates_created
    finally:
        container.shutdown_resources()

