"""Steps of features/open_loops.feature (issue 29): three sessions through real use cases, their
transcripts written as Claude Code writes them, and `abzu loops done` run as a person would."""

import json
from pathlib import Path

from pytest_bdd import given, parsers, then, when
from typer.testing import CliRunner

from abzu.entrypoints.cli.app import create_app
from tests.bdd.steps.session_world import SessionWorld
from tests.transcript_lines import assistant, call, result, text, user, write

LOOPS_TITLE = "Open loops (left open by earlier sessions"


def _transcript(world: SessionWorld, session_id: str, *lines: dict[str, object]) -> Path:
    folder = world.home.parent / "claude-projects"
    folder.mkdir(exist_ok=True)
    return write(folder / f"{session_id}.jsonl", *lines)


def _work(world: SessionWorld, number: int, *lines: dict[str, object]) -> None:
    """The session's transcript, then its end (SessionEnd's finalisation)."""
    sid = f"sess-loop-{number}"
    _transcript(world, sid, *lines)
    world.clock.advance(minutes=30)
    world.current = sid
    world.end()


def _start(world: SessionWorld, number: int) -> None:
    sid = f"sess-loop-{number}"
    world.start(sid, world.home.parent / "claude-projects" / f"{sid}.jsonl")


def _build(tool_id: str, command: str, output: str, *, failed: bool) -> list[dict[str, object]]:
    return [call(tool_id, "Bash", command=command), result(tool_id, output, is_error=failed)]


@given(parsers.parse('session 1 leaves the task "{task}" pending and "{command}" failing'))
def _(session_world: SessionWorld, task: str, command: str) -> None:
    _start(session_world, 1)
    todos = [{"content": task, "status": "pending", "activeForm": task},
             {"content": "Add the export endpoint", "status": "completed", "activeForm": "Adding"}]
    _work(session_world, 1, user("add the export endpoint and document the migration"),
          call("t1", "TodoWrite", todos=todos), result("t1", "Todos have been modified successfully"),
          *_build("b1", command, "Error: Cannot find module 'zod'", failed=True),
          assistant(text("The export endpoint is in; the build still fails on a missing module.")))


@when(parsers.parse("session {number:d} starts"))
def _(session_world: SessionWorld, number: int) -> None:
    _start(session_world, number)


@when(parsers.parse("session {number:d} talks about something unrelated and ends"))
def _(session_world: SessionWorld, number: int) -> None:
    _work(session_world, number, user("what does the cache module do?"),
          assistant(text("It keeps parsed configs in memory for a minute.")))


@when(parsers.parse('session {number:d} fixes "{command}" and ends'))
def _(session_world: SessionWorld, number: int, command: str) -> None:
    _work(session_world, number, user("make the build pass"),
          *_build("b2", command, "Error: Cannot find module 'zod' (imported by src/schema.ts)", failed=True),
          call("e1", "Edit", file_path="/src/api/package.json", old_string='"deps": {',
               new_string='"deps": {"zod": "3",'),
          result("e1", "The file /src/api/package.json has been updated.",
                 tool_use_result={"filePath": "/src/api/package.json"}),
          *_build("b3", command, "built in 2.1s", failed=False),
          assistant(text("The build passes now: zod was missing from package.json.")))


@when(parsers.parse('a person dismisses the open task "{task}" with abzu loops done'))
def _(session_world: SessionWorld, task: str) -> None:
    app, runner = create_app(session_world.container), CliRunner()
    listed = runner.invoke(app, ["loops", "--json"])
    assert listed.exit_code == 0, listed.stderr
    [loop] = [lp for lp in json.loads(listed.stdout)["loops"] if lp["text"] == task]
    done = runner.invoke(app, ["loops", "done", loop["id"]])
    assert done.exit_code == 0 and done.stdout.strip() == f"dismissed {loop['id']}", done.stderr


def _loops(briefing: str) -> str:
    """The open-loops section of the briefing ("" when there is none)."""
    if LOOPS_TITLE not in briefing:
        return ""
    return briefing.split(LOOPS_TITLE, 1)[1].split("\n\n", 1)[0]


@then(parsers.parse('the briefing lists the open task "{task}"'))
def _(session_world: SessionWorld, task: str) -> None:
    section = _loops(session_world.briefing)
    assert "· open task ·" in section and f">{task}</" in section, session_world.briefing


@then(parsers.parse('the briefing lists the unresolved error of "{command}"'))
def _(session_world: SessionWorld, command: str) -> None:
    section = _loops(session_world.briefing)
    assert "· unresolved error ·" in section and f"`{command}`" in section, session_world.briefing


@then("the briefing lists no open loops")
def _(session_world: SessionWorld) -> None:
    assert _loops(session_world.briefing) == "", session_world.briefing
