"""Issue 20.5: a small contention round as separate processes — writers and a reader at once.

Each writer is its own Python process (as hooks, CLI calls and the MCP server are); everything
it prints on stderr is kept. Nothing acknowledged may be missing afterwards, and no lock error
may reach anyone. No timing is asserted (the write-latency figures live in bench/reliability.py).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.sqlite_helpers import fts_in_sync

WRITERS, EACH = 8, 50
LOCK_WORDS = ("database is locked", "OperationalError", "Traceback", "busy")
WRITER = """
import json, sys
from pathlib import Path
from abzu.application.remember import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container
from tests.integration.workers import distinct_text
home, repo, worker, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
remember = build_container(Settings(home=Path(home)), cwd=Path(repo)).remember()
for item in range(count):
    category = "preference" if item % 2 else "learning"
    done = remember.execute(RememberRequest(distinct_text(worker, item), category)).unwrap()
    print(json.dumps(done.id), flush=True)  # acknowledged only once the use case returned
"""
READER = """
import os, sys
from pathlib import Path
from abzu.application.recall import RecallRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container
home, repo, stop = sys.argv[1], sys.argv[2], sys.argv[3]
recall = build_container(Settings(home=Path(home)), cwd=Path(repo)).recall()
reads = 0
while not os.path.exists(stop) or reads == 0:
    recall.execute(RecallRequest("concurrency note", limit=5)).unwrap()
    reads += 1
print(reads)
"""


def _start(code: str, *args: object) -> "subprocess.Popen[str]":
    root = Path(__file__).parents[2]  # `tests.integration.workers` importable in the child
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=root, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.serial
@pytest.mark.timeout(900)  # a loaded CI machine: the round is slow, never timed
def test_writers_and_a_reader_at_once_lose_nothing_and_see_no_lock_error(
    abzu_home: Path, repo: Path, tmp_path: Path
) -> None:
    stop = tmp_path / "stop"
    reader = _start(READER, abzu_home, repo, stop)
    writers = [_start(WRITER, abzu_home, repo, w, EACH) for w in range(WRITERS)]
    outputs = [w.communicate(timeout=900) for w in writers]
    stop.touch()
    reads, reader_err = reader.communicate(timeout=300)
    acknowledged = {json.loads(line) for out, _ in outputs for line in out.splitlines()}
    stderr = "".join(err for _, err in outputs) + reader_err
    assert [w.returncode for w in writers] == [0] * WRITERS and reader.returncode == 0, stderr
    assert not [word for word in LOCK_WORDS if word in stderr], stderr
    assert len(acknowledged) == WRITERS * EACH and int(reads) > 0
    assert acknowledged <= _stored(abzu_home)
    assert fts_in_sync(abzu_home / "wisdom.db", "beads_fts")
    assert fts_in_sync(abzu_home / "abzu.db", "candidates_fts")


def _stored(home: Path) -> set[str]:
    import sqlite3

    with sqlite3.connect(home / "wisdom.db") as w, sqlite3.connect(home / "abzu.db") as s:
        return {r[0] for r in w.execute("SELECT id FROM beads")} | {
            r[0] for r in s.execute("SELECT id FROM bead_candidates")}
