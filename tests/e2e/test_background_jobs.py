"""The background jobs a hook starts (finalize-lean): `python -m abzu.entrypoints.background` with
its job as JSON on stdin, and the typed `abzu finalize` / `abzu snapshot` doing the same work
through typer and the container (entrypoints/session_jobs.py, one function per job)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.hook_driver import FIXTURES, ClaudeCode

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
REAL = FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"
OTHER = FIXTURES / "agentlogs" / "compact.jsonl"


def job(cc: ClaudeCode, body: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """The job run as the hook starts it (here awaited), with the modules it imported."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.background"],
                          input=body, capture_output=True, text=True, cwd=cc.project, env=cc.env,
                          timeout=120, check=False)
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "import time:" in line}
    return done, modules


def loaded(modules: set[str], *prefixes: str) -> set[str]:
    return {m for m in modules if m in prefixes or m.startswith(tuple(f"{p}." for p in prefixes))}


def started(cc: ClaudeCode, session: str, source: Path = REAL) -> None:
    """A session Claude Code started and worked in, up to its last turn (no SessionEnd yet)."""
    base = {"session_id": session, "transcript_path": str(cc.transcript(session, source))}
    start = cc.hook("session-start", {**base, "hook_event_name": "SessionStart", "source": "startup"})
    assert start.returncode == 0
    assert cc.hook("stop", {**base, "hook_event_name": "Stop", "stop_hook_active": False}).returncode == 0


def test_the_background_finalize_stages_the_session_without_typer_or_the_container(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    started(cc, "sess-first", OTHER)  # the first finalize creates the stores (Alembic, so SQLAlchemy, once)
    assert job(cc, json.dumps({"job": "finalize", "session_id": "sess-first"}))[0].returncode == 0
    started(cc, "sess-bg")

    done, modules = job(cc, json.dumps({"job": "finalize", "session_id": "sess-bg"}))

    assert done.returncode == 0 and "sess-bg: final summary" in done.stdout
    assert cc.query("SELECT finalized_by FROM sessions WHERE session_id = 'sess-bg'") == [("session_end",)]
    assert cc.query("SELECT count(*) FROM session_summaries WHERE session_id = 'sess-bg' "
                    "AND is_final = 1") == [(1,)]
    staged = cc.query("SELECT source FROM bead_candidates WHERE session_id = 'sess-bg'")
    assert staged and set(staged) == {("session_end",)}
    assert cc.query("SELECT method, status FROM extraction_log WHERE session_id = 'sess-bg' "
                    "AND method = 'cc_distill'") == [("cc_distill", "skipped")]  # no distiller: skipped
    assert loaded(modules, "typer", "click", "dependency_injector", "pydantic_settings", "sqlalchemy",
                  "pydantic") == set()
    assert cc.log() == ""

    again, modules = job(cc, json.dumps({"job": "finalize", "session_id": "sess-bg"}))
    assert again.stdout == "sess-bg: nothing new to finalise\n"
    assert loaded(modules, *HEAVY) == set()  # FinalizeSession answers from the row (issue 31)


def test_the_background_snapshot_takes_the_snapshot_and_clears_the_waiting_marker(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    started(cc, "sess-snap")
    marker = cc.home / "pending" / "sess-snap.pre-compact"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.touch()
    transcript = cc.transcript("sess-snap", REAL)

    done, modules = job(cc, json.dumps({"job": "snapshot", "session_id": "sess-snap",
                                        "transcript_path": str(transcript), "trigger": "auto"}))

    assert done.returncode == 0 and not marker.exists()
    snapshots = cc.query("SELECT sequence, is_final FROM session_summaries WHERE session_id = 'sess-snap'")
    assert snapshots == [(1, 0)]
    assert loaded(modules, "typer", "dependency_injector", "pydantic_settings") == set()


@pytest.mark.parametrize("body", ["not json", '{"job": "finalize", "session_id": "../../etc"}',
                                  '{"job": "vacuum", "session_id": "s-1"}',
                                  '{"job": "finalize", "session_id": "never-started"}'])
def test_a_job_that_cannot_run_exits_zero_with_one_log_line(tmp_path: Path, body: str) -> None:
    cc = ClaudeCode.at(tmp_path)
    done, _ = job(cc, body)
    assert (done.returncode, done.stdout) == (0, "")
    [line] = cc.log().splitlines()
    assert "background" in line and "failed" in line and "Traceback" not in line


def test_the_typed_finalize_does_the_same_work_and_explains_itself(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    started(cc, "sess-typed")

    done = cc.cli("finalize", "sess-typed")

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("sess-typed: final summary ") and "distillation: skipped" in done.stdout
    staged = cc.query("SELECT source, session_id FROM bead_candidates")
    assert staged and set(staged) == {("session_end", "sess-typed")}
    unknown = cc.cli("finalize", "no-such-session")
    assert unknown.returncode == 1 and unknown.stderr.strip().count("\n") == 0
    assert unknown.stderr.startswith("error: ") and "no-such-session" in unknown.stderr
    helped = cc.cli("finalize", "--help")
    assert helped.returncode == 0 and "final summary" in helped.stdout and "session_id" in helped.stdout


def test_the_background_recovery_finalises_a_crashed_session_but_not_the_starting_one(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)  # recovery idle time 0: a session without SessionEnd is due at once
    started(cc, "sess-crashed")  # (the recovery its own start launched leaves it alone)

    done, modules = job(cc, json.dumps({"job": "recover", "session_id": "sess-now"}))  # the next start's

    assert done.returncode == 0
    assert done.stdout.startswith("recovered 1 session(s)\n  sess-crashed: final summary")
    assert cc.query("SELECT session_id, finalized_by FROM sessions WHERE finalized_at IS NOT NULL") == [
        ("sess-crashed", "recovery")]
    assert loaded(modules, "typer", "dependency_injector", "pydantic_settings") == set()
    again, modules = job(cc, json.dumps({"job": "recover", "session_id": "sess-now"}))
    assert again.stdout == "recovered 0 session(s)\n" and cc.log() == ""
    assert loaded(modules, *HEAVY) == set()  # the usual start: RecoverSessions answers, builds nothing


# What a job with nothing to do must not load (issue 31: the use cases answer it themselves, no
# standard-library mirror of their rules in front of them): the frameworks, and the extraction
# and transcript stack that only a session with something to finalise needs.
HEAVY = ("typer", "click", "dependency_injector", "pydantic", "pydantic_core", "sqlalchemy", "alembic",
         "abzu.application.extraction", "abzu.adapters.jsonl.transcript_reader",
         "abzu.application.maintenance", "abzu.application.review", "abzu.application.evaluation",
         "abzu.entrypoints.web")


def test_typed_recover_and_finalize_with_nothing_to_do_answer_without_the_container(tmp_path: Path) -> None:
    """The typed commands run the same functions on the same lifecycle factory as the jobs: typer
    parses, nothing else of the CLI's container loads (issue 31: no mirror of the rules in front)."""
    cc = ClaudeCode.at(tmp_path)
    started(cc, "sess-done", OTHER)
    assert job(cc, json.dumps({"job": "finalize", "session_id": "sess-done"}))[0].returncode == 0

    for argv, said in ((["recover"], "recovered 0 session(s)\n"),
                       (["finalize", "sess-done"], "sess-done: nothing new to finalise\n")):
        done = subprocess.run([sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", *argv],
                              capture_output=True, text=True, cwd=cc.project, env=cc.env, timeout=120,
                              check=False)
        modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "import time:" in line}
        assert (done.returncode, done.stdout) == (0, said)
        assert loaded(modules, *HEAVY) - loaded(modules, "typer", "click") == set()
    assert cc.log() == ""
