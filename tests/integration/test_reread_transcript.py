"""Issue 29.9: re-reading bytes of a transcript already mined changes nothing.

A failure still waiting for its fix keeps the cursor on its call (up to 2 MB back), so the next
snapshot reads that tail again. On a large transcript the tail held a few repeats of a failure
the whole session had seen hundreds of times, and it staged "failed 4 times" over "failed 428
times". Generated here: many pieces (the piece size is shrunk instead of writing 100 MB), an
old unfixed `pytest` run keeping the cursor back, and a lint failure recurring all along.
"""

import re
import sqlite3
from pathlib import Path

import pytest

from abzu.application.sessions.capture_pre_compact import PreCompactRequest
from abzu.entrypoints.wiring.container import Container
from tests.transcript_lines import append, call, jsonl, result, user, write

PIECE = 4 * 1024
LINT = "npm run lint"
FILLER = "\n".join(f"line {n}: the parser keeps the cursor of the session index" for n in range(40))


def _lint_failure(n: int) -> list[dict[str, object]]:
    return [call(f"lint-{n}", "Bash", command=LINT),
            result(f"lint-{n}", "src/api.ts: 3 problems (3 errors)", is_error=True)]


def _read(n: int) -> list[dict[str, object]]:
    return [call(f"read-{n}", "Read", file_path=f"/src/api/module_{n}.py"),
            result(f"read-{n}", FILLER, tool_use_result={"filePath": f"/src/api/module_{n}.py"})]


def _session(path: Path, failures: int, tail_failures: int) -> Path:
    """`failures` lint failures over many pieces, then an unfixed pytest run, then
    `tail_failures` more: the cursor stays on the pytest call."""
    lines: list[dict[str, object]] = [user("keep the build green")]
    for n in range(failures - tail_failures):
        lines += _read(n) + _lint_failure(n)
    lines += [call("pytest-1", "Bash", command="pytest -q tests/test_cursor.py"),
              result("pytest-1", "E   AssertionError\n1 failed", is_error=True)]
    for n in range(failures - tail_failures, failures):
        lines += _read(n) + _lint_failure(n)
    return write(path, *lines)


@pytest.fixture
def small_pieces(container: Container) -> Container:
    container.lifecycle.add_kwargs(chunk_bytes=PIECE)
    return container


def _snapshot(container: Container, path: Path, session: str = "s-big") -> None:
    container.sessions.capture_pre_compact().execute(PreCompactRequest(session, str(path), "auto"))


def _rows(home: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(home / "abzu.db") as conn:
        return conn.execute(sql).fetchall()


def _known_problems(home: Path) -> list[str]:
    rows = _rows(home, "SELECT content FROM bead_candidates WHERE superseded_by IS NULL "
                      "AND content LIKE 'Known problem%'")
    return [re.sub(r"^.*\(failed (\d+) times\).*$", r"\1", str(r[0])) for r in rows]


def test_a_second_snapshot_of_an_unchanged_large_transcript_changes_nothing(
    small_pieces: Container, abzu_home: Path, tmp_path: Path
) -> None:
    path = _session(tmp_path / "s-big.jsonl", failures=120, tail_failures=4)
    assert path.stat().st_size > 40 * PIECE  # many pieces; the re-read tail spans several
    _snapshot(small_pieces, path)
    staged = _rows(abzu_home, "SELECT id, content, superseded_by FROM bead_candidates ORDER BY id")
    summaries = _rows(abzu_home, "SELECT operational_state FROM session_summaries")
    assert _known_problems(abzu_home) == ["120"]

    _snapshot(small_pieces, path)

    assert _rows(abzu_home, "SELECT id, content, superseded_by FROM bead_candidates ORDER BY id") == staged
    assert _rows(abzu_home, "SELECT operational_state FROM session_summaries") == summaries


def test_a_counted_failure_is_counted_over_the_whole_session_as_it_grows(
    small_pieces: Container, abzu_home: Path, tmp_path: Path
) -> None:
    path = _session(tmp_path / "s-big.jsonl", failures=120, tail_failures=4)
    _snapshot(small_pieces, path)
    append(path, jsonl(*_read(500), *_lint_failure(500), *_lint_failure(501)))

    _snapshot(small_pieces, path)

    assert _known_problems(abzu_home) == ["122"]



def test_a_transcript_replaced_by_a_shorter_one_is_counted_afresh(
    small_pieces: Container, abzu_home: Path, tmp_path: Path
) -> None:
    path = _session(tmp_path / "s-big.jsonl", failures=30, tail_failures=2)
    _snapshot(small_pieces, path)
    write(path, user("start over"), *_lint_failure(900), *_lint_failure(901), *_lint_failure(902))

    _snapshot(small_pieces, path)

    assert _known_problems(abzu_home) == ["3"]  # not 33: the old file's count is not carried over
