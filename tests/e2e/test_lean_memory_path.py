"""The memory commands' use cases and the session-start hook reach the stores on the standard
library's sqlite3 (issue 13 item 1): no SQLAlchemy, dependency-injector or pydantic is loaded.
A fresh interpreter per check; the store is migrated first (migrating is the full path's job)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

HEAVY = ("sqlalchemy", "dependency_injector", "pydantic", "pydantic_core", "pydantic_settings", "alembic")

PROBE = """
import json, sys
from pathlib import Path
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.entrypoints.wiring.memory import MemoryUseCases

memory = MemoryUseCases.open(Path(sys.argv[1]))
stored = memory.remember().execute(RememberRequest("Always pin the sqlite version", "preference"))
found = memory.recall().execute(RecallRequest(query="sqlite")).unwrap()
starred = memory.star().execute(found.hits[0].hit.item_id)
status = memory.status().execute()
sessions = memory.session_status().execute()
print(json.dumps({
    "stored": type(stored).__name__, "found": [h.hit.content for h in found.hits],
    "staged": status.staged_by_project, "pending": sessions.counts.pending,
    "starred": type(starred).__name__,
    "heavy": sorted({m.split(".")[0] for m in sys.modules} & set(sys.argv[2:])),
}))
"""


def probe(home: Path, cwd: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(cwd), *HEAVY], capture_output=True, text=True,
                          check=True, timeout=60, env={"ABZU_HOME": str(home), "PATH": "/usr/bin:/bin"})
    answer: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return answer


def test_remember_recall_star_and_status_load_no_heavy_library(tmp_path: Path) -> None:
    home, cwd = tmp_path / "home", tmp_path / "work"
    cwd.mkdir()
    probe(home, cwd)  # a new home: created and migrated by the full path, once
    answer = probe(home, cwd)
    assert answer["stored"] == answer["starred"] == "Success"  # a preference is stored as a bead
    assert answer["found"] == ["Always pin the sqlite version"]  # once: the repeat is a duplicate
    assert answer["staged"] == {} and answer["pending"] == 0
    assert answer["heavy"] == []


def test_session_start_on_a_populated_store_loads_no_heavy_library(tmp_path: Path) -> None:
    home, cwd = tmp_path / "home", tmp_path / "work"
    cwd.mkdir()
    probe(home, cwd)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", "hook", "session-start"],
        input=json.dumps({"session_id": "s1", "cwd": str(cwd), "hook_event_name": "SessionStart",
                          "source": "startup"}),
        capture_output=True, text=True, timeout=60, check=True,
        env={"ABZU_HOME": str(home), "PATH": "/usr/bin:/bin"},
    )
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines() if "|" in line}
    assert "sqlite" in done.stdout  # the memory was injected
    assert imported & set(HEAVY) == set()


MAINTAIN = """
import sys
from pathlib import Path
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

container = build_container(Settings(home=Path(sys.argv[1])), cwd=Path(sys.argv[1]))
container.sessions.maintenance().execute()
print(sorted(m for m in sys.modules if m.startswith("abzu") and ".enki" in m))
"""


def test_a_maintenance_pass_where_no_project_was_completed_loads_no_enki_module(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()

    def enki_modules() -> str:
        done = subprocess.run([sys.executable, "-c", MAINTAIN, str(home)], capture_output=True, text=True,
                              check=True, timeout=60, env={"ABZU_HOME": str(home), "PATH": "/usr/bin:/bin"})
        return done.stdout.splitlines()[-1]

    assert enki_modules() == "[]"  # no completions.json: no em.db to expire
    (home / "completions.json").write_text("{}\n", encoding="utf-8")  # `abzu complete-project` ran once
    assert "abzu.application.enki.complete_project" in enki_modules()
