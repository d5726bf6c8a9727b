"""Steps for capture.feature: distillation after the heuristics, with a fake `claude` on PATH."""

import json
import stat
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, then, when

from abzu.application.sessions.finalize_session import FinalizeRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.distill import distill_after
from tests.bdd.steps.session_world import SessionWorld
from tests.e2e.cli import Cli

DISTILLING = "distilling"


def _fake_claude(folder: Path, body: str) -> Path:
    exe = folder / "claude"
    exe.write_text(f"#!/bin/sh\ncat > /dev/null\n{body}\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return exe


@pytest.fixture
def distiller(tmp_path: Path) -> dict[str, Settings]:
    return {}


@given("the distiller is a Claude Code that does not answer in time")
def _(distiller: dict[str, Settings], tmp_path: Path) -> None:
    exe = _fake_claude(tmp_path, "exec sleep 5")
    distiller[DISTILLING] = Settings(
        distiller="claude-code", distill_timeout_s=0.3, claude_executable=str(exe))


@given(parsers.parse('the distiller is a Claude Code that answers "{text}"'))
def _(distiller: dict[str, Settings], tmp_path: Path, text: str) -> None:
    answer = {"items": [{"category": "learning", "content": text, "summary": text[:60]}]}
    envelope = json.dumps({"type": "result", "is_error": False, "result": json.dumps(answer)})
    exe = _fake_claude(tmp_path, f"cat <<'EOF'\n{envelope}\nEOF")
    distiller[DISTILLING] = Settings(distiller="claude-code", claude_executable=str(exe))


@when("the session ends and is distilled")
def _(session_world: SessionWorld, distiller: dict[str, Settings]) -> None:
    s = session_world.container.sessions
    s.ingest_spool().execute()
    done = s.finalize_session().execute(FinalizeRequest(session_world.current)).unwrap()
    distill_after(session_world.container.lifecycle(), distiller[DISTILLING], done)


@then(parsers.parse('staging holds "{text}" from the distiller'))
def _(session_world: SessionWorld, text: str) -> None:
    rows = session_world.query("SELECT context FROM bead_candidates WHERE content = ?", text)
    assert rows == [("Distilled by claude-code",)]  # the session is the candidate's session_id


@then(parsers.parse("the session status shows {done:d} distillations done and {failed:d} failed"))
def _(session_world: SessionWorld, done: int, failed: int) -> None:
    counts = session_world.container.sessions.session_status().execute().counts
    assert (counts.distilled, counts.distill_failed) == (done, failed)




@given(parsers.parse("a session worked through the first {lines:d} lines of a real Claude Code transcript "
                     "and ended"))
def _(session_world: SessionWorld, lines: int) -> None:
    session_world.start("sess-tail", session_world.transcript("sess-tail", lines=lines))
    session_world.end()
    session_world.staged_before = _staged(session_world)  # type: ignore[attr-defined]
    session_world.current = "sess-now"  # the session starting now, whose start runs recovery


@given("Claude Code flushed the rest of the transcript after SessionEnd")
def _(session_world: SessionWorld) -> None:
    session_world.clock.advance(minutes=1)
    session_world.touch(session_world.transcript("sess-tail"))


@then("the session's tail was mined into staging")
def _(session_world: SessionWorld) -> None:
    assert _staged(session_world) > session_world.staged_before  # type: ignore[attr-defined]


def _staged(world: SessionWorld) -> int:
    return int(world.query("SELECT count(*) FROM bead_candidates WHERE session_id = 'sess-tail'")[0][0])


@given(parsers.parse("Claude Code transcripts of {count:d} sessions Abzu never saw"))
def _(session_world: SessionWorld, count: int) -> None:
    for n in range(count):  # written before now, as transcripts on disk are
        session_world.touch(session_world.transcript(f"00000000-0000-4000-8000-00000000000{n}"))
    session_world.imported = []  # type: ignore[attr-defined]


@when("the transcripts are imported")
def _(session_world: SessionWorld) -> None:
    folder = session_world.home.parent / "claude-projects"
    run = Cli(session_world.container)("import-sessions", str(folder))
    assert run.code == 0, run.stderr
    session_world.imported.append((run.stdout, _all_staged(session_world)))  # type: ignore[attr-defined]


@then(parsers.parse("{count:d} sessions have final summaries and their lessons wait in staging"))
def _(session_world: SessionWorld, count: int) -> None:
    finals = session_world.query("SELECT count(*) FROM session_summaries WHERE is_final = 1")
    assert finals == [(count,)] and _all_staged(session_world) > 0


@then(parsers.parse("the import says all {count:d} were already covered and staging holds nothing new"))
def _(session_world: SessionWorld, count: int) -> None:
    (_, first), (said, second) = session_world.imported  # type: ignore[attr-defined]
    assert f"imported 0, already covered {count}, 0 candidate(s) staged" in said
    assert second == first


def _all_staged(world: SessionWorld) -> int:
    return int(world.query("SELECT count(*) FROM bead_candidates")[0][0])
