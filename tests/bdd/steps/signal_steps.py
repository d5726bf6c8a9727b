"""Steps for capture_signals.feature: a transcript written line by line in Claude Code's shape
(tests/transcript_lines.py), ended through the real session lifecycle."""

import json
import sqlite3
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, then, when

from tests.bdd.steps.session_world import SessionWorld
from tests.transcript_lines import assistant, call, result, text, user

SESSION = "sess-signals"
REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it "
            "was a file edit, the new_string was NOT written to the file).")


class Transcript:
    def __init__(self) -> None:
        self.lines: list[dict[str, object]] = []
        self._ids = 0
        self.asked = ""

    def tool(self, name: str, output: str, *, error: bool = False, **tool_input: object) -> None:
        self._ids += 1
        tool_id = f"toolu_{self._ids:03d}"
        self.lines += [call(tool_id, name, **tool_input), result(tool_id, output, is_error=error)]

    def edit(self, path: str) -> None:
        updated = f"The file {path} has been updated."
        self.tool("Edit", updated, file_path=path, old_string="a", new_string="b")

    def bash(self, command: str, output: str, *, error: bool = False) -> None:
        self.tool("Bash", output, error=error, command=command)


@pytest.fixture
def signal_transcript() -> Transcript:
    return Transcript()


@given(parsers.parse('a session in which `{command}` fails with "{error}"'))
def _(signal_transcript: Transcript, command: str, error: str) -> None:
    signal_transcript.lines.append(user("the cart total is off by one"))
    signal_transcript.bash(command, f"{error}\n1 failed", error=True)


@given(parsers.parse('Claude explains "{words}"'))
def _(signal_transcript: Transcript, words: str) -> None:
    signal_transcript.lines.append(assistant(text(words)))


@given(parsers.parse('Claude edits "{path}" and `{command}` then passes'))
def _(signal_transcript: Transcript, path: str, command: str) -> None:
    signal_transcript.edit(path)
    signal_transcript.bash(command, "5 passed")


@given(parsers.parse("`{command}` then passes without any change"))
def _(signal_transcript: Transcript, command: str) -> None:
    signal_transcript.bash(command, "5 passed")


@given(parsers.parse("a session in which the user rejects Claude's `{command}`"))
def _(signal_transcript: Transcript, command: str) -> None:
    signal_transcript.lines.append(user("add the requests library"))
    signal_transcript.tool("Bash", REJECTED, error=True, command=command)
    signal_transcript.lines.append(user([text("[Request interrupted by user for tool use]")]))


@given(parsers.parse('the user then says "{words}"'))
@given(parsers.parse('the user then asks "{words}"'))
@given(parsers.parse('a session in which the user asks "{words}"'))
def _(signal_transcript: Transcript, words: str) -> None:
    signal_transcript.lines.append(user(words))


@given(parsers.parse('a session in which Claude edits "{path}" and asks "{question}"'))
def _(signal_transcript: Transcript, path: str, question: str) -> None:
    signal_transcript.lines.append(user("tidy the imports"))
    signal_transcript.edit(path)
    signal_transcript.lines.append(assistant(text(f"Done. {question}")))


@given(parsers.parse('a session in which Claude says "{words}" and edits "{path}"'))
def _(signal_transcript: Transcript, words: str, path: str) -> None:
    signal_transcript.lines += [user("write the client"), assistant(text(words))]
    signal_transcript.edit(path)


@given(parsers.parse('Claude says "{words}" and does nothing'))
def _(signal_transcript: Transcript, words: str) -> None:
    signal_transcript.lines.append(assistant(text(words)))


@given(parsers.parse('Claude edits "{path}" and says "{words}"'))
def _(signal_transcript: Transcript, path: str, words: str) -> None:
    signal_transcript.edit(path)
    signal_transcript.lines.append(assistant(text(words)))


@given(parsers.parse('a session in which Claude asks "{question}" offering "{first}" and "{second}"'))
def _(signal_transcript: Transcript, question: str, first: str, second: str) -> None:
    options = [{"label": first, "description": ""}, {"label": second, "description": ""}]
    signal_transcript.lines.append(user("add a job queue"))
    signal_transcript.lines.append(call("toolu_ask", "AskUserQuestion", questions=[
        {"question": question, "header": "Choice", "multiSelect": False, "options": options}]))
    signal_transcript.asked = question


@given(parsers.parse('the user picks "{answer}"'))
def _(signal_transcript: Transcript, answer: str) -> None:
    said = (f'Your questions have been answered: "{signal_transcript.asked}"="{answer}". '
            "You can now continue with these answers in mind.")
    signal_transcript.lines.append(result("toolu_ask", said))


@given(parsers.parse("Claude runs `{first}` and `{second}`"))
def _(signal_transcript: Transcript, first: str, second: str) -> None:
    signal_transcript.bash(first, "61:  \"overrides\": {")
    signal_transcript.bash(second, "typescript@7.0.2")


@given(parsers.parse('Claude writes the script "{path}" and runs `{command}`'))
def _(signal_transcript: Transcript, path: str, command: str) -> None:
    written = f"File created successfully at: {path}"
    signal_transcript.tool("Write", written, file_path=path, content="count()")
    signal_transcript.bash(command, "deposits: 178")


@given(parsers.parse('Claude answers "{words}"'))
def _(signal_transcript: Transcript, words: str) -> None:
    signal_transcript.lines.append(assistant(text(words)))


@given(parsers.parse('a session in which `{command}` prints "{output}"'))
def _(signal_transcript: Transcript, command: str, output: str) -> None:
    signal_transcript.lines.append(user("make `uv run app serve` work without a venv"))
    signal_transcript.bash(command, output)


@given(parsers.parse('`{command}` prints "{output}"'))
def _(signal_transcript: Transcript, command: str, output: str) -> None:
    signal_transcript.bash(command, output)


@given(parsers.parse("`{command}` finds nothing"))
def _(signal_transcript: Transcript, command: str) -> None:
    signal_transcript.bash(command, "")


@given(parsers.parse('Claude runs `{command}` and says "{words}"'))
def _(signal_transcript: Transcript, command: str, words: str) -> None:
    signal_transcript.bash(command, "")
    signal_transcript.lines.append(assistant(text(words)))


@given(parsers.parse('Claude fetches "{url}"'))
def _(signal_transcript: Transcript, url: str) -> None:
    signal_transcript.tool("WebFetch", "Not needed on macOS.", url=url, prompt="Does it support macOS?")


@given(parsers.parse('a session in which the user pastes "{error}"'))
def _(signal_transcript: Transcript, error: str) -> None:
    signal_transcript.lines.append(user(f"```\n{error}\n```"))


@given(parsers.parse('Claude changes the file "{path}"'))
def _(signal_transcript: Transcript, path: str) -> None:
    signal_transcript.edit(path)


@given(parsers.parse('Claude adds the job "{job}" pushing to "{registry}" in "{path}"'))
def _(signal_transcript: Transcript, job: str, registry: str, path: str) -> None:
    old = "jobs:\n  test:\n    runs-on: ubuntu-latest\n"
    added = (f"  {job}:\n    name: {job.capitalize()}\n    steps:\n"
             f"      - with:\n          registry: {registry}\n")
    new = old + added
    signal_transcript.tool("Edit", f"The file {path} has been updated.", file_path=path,
                           old_string=old, new_string=new)


@given(parsers.parse('Claude saves "{words}" to its memory file "{name}" as {kind}'))
def _(signal_transcript: Transcript, words: str, name: str, kind: str) -> None:
    path = f"/home/dev/.claude/projects/-repo/memory/{name}"
    content = f"---\nname: {name}\ndescription: {words}\nmetadata:\n  type: {kind}\n---\n\n{words}\n"
    signal_transcript.tool("Write", f"File created successfully at: {path}", file_path=path, content=content)


@given(parsers.parse('Claude adds to "{path}" the entry "{entry}"'))
def _(signal_transcript: Transcript, path: str, entry: str) -> None:
    signal_transcript.tool("Edit", f"The file {path} has been updated.", file_path=path,
                           old_string="### Removed\n", new_string=f"### Removed\n\n{entry}\n")


@given(parsers.parse('Claude commits "{subject}" explaining "{body}"'))
def _(signal_transcript: Transcript, subject: str, body: str) -> None:
    command = f"git commit -q -F - <<'EOF'\n{subject}\n\n{body}\nEOF"
    signal_transcript.tool("Bash", f"[main 2b0f2bf] {subject}", command=command)


@given(parsers.parse('a session in which a background agent "{name}" finishes'))
def _(signal_transcript: Transcript, name: str) -> None:
    signal_transcript.lines.append(user(
        f"<task-notification>\n<task-id>a1</task-id>\n<status>completed</status>\n"
        f"<summary>Agent {name} finished</summary>\n</task-notification>"))


@when("that session ends")
def _(session_world: SessionWorld, signal_transcript: Transcript) -> None:
    folder = session_world.home.parent / "claude-projects"
    folder.mkdir(exist_ok=True)
    path = folder / f"{SESSION}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in signal_transcript.lines), encoding="utf-8")
    session_world.start(SESSION, path)
    session_world.end()


class Repeated:
    def __init__(self) -> None:
        self.sessions: list[tuple[str, Path]] = []
        self.path, self.command = "", ""


@pytest.fixture
def repeated() -> Repeated:
    return Repeated()


def _ran_and_passed(world: SessionWorld, session: str, path: str, command: str) -> tuple[str, Path]:
    transcript = Transcript()
    transcript.lines.append(user("the cart total is off by one"))
    transcript.edit(path)
    transcript.bash(command, "5 passed")
    folder = world.home.parent / "claude-projects"
    folder.mkdir(exist_ok=True)
    file = folder / f"{session}.jsonl"
    file.write_text("".join(json.dumps(line) + "\n" for line in transcript.lines), encoding="utf-8")
    return session, file


def _end_each(world: SessionWorld, sessions: list[tuple[str, Path]]) -> None:
    for session, file in sessions:
        world.clock.advance(hours=1)
        world.start(session, file)
        world.end()


@given(parsers.parse(
    '{count:d} sessions of the project in which Claude edits "{path}" and `{command}` passes'))
def _(session_world: SessionWorld, repeated: Repeated, count: int, path: str, command: str) -> None:
    repeated.path, repeated.command = path, command
    repeated.sessions = [_ran_and_passed(session_world, f"sess-rec-{n}", path, command) for n in range(count)]


@when("each of those sessions ends")
def _(session_world: SessionWorld, repeated: Repeated) -> None:
    _end_each(session_world, repeated.sessions)


@then(parsers.parse('staging holds one pattern that says "{words}"'))
def _(session_world: SessionWorld, words: str) -> None:
    rows = session_world.query("SELECT content FROM bead_candidates WHERE category = 'pattern'")
    assert [r[0] for r in rows if words in r[0]] == [r[0] for r in rows] and len(rows) == 1


@then("another such session ending stages it no second time")
def _(session_world: SessionWorld, repeated: Repeated) -> None:
    _end_each(session_world, [_ran_and_passed(session_world, "sess-rec-x", repeated.path, repeated.command)])
    assert session_world.query("SELECT count(*) FROM bead_candidates WHERE category = 'pattern'") == [(1,)]


def _staged(world: SessionWorld, category: str) -> list[str]:
    rows = world.query("SELECT content FROM bead_candidates WHERE session_id = ? AND category = ?",
                       SESSION, category)
    return [row[0] for row in rows]


def _preferences(world: SessionWorld) -> list[str]:
    with sqlite3.connect(Path(world.home) / "wisdom.db") as conn:
        return [r[0] for r in conn.execute("SELECT content FROM beads WHERE category = 'preference'")]


@then(parsers.parse('staging holds a fix that says "{error}"'))
def _(session_world: SessionWorld, error: str) -> None:
    [fix] = _staged(session_world, "fix")
    assert error in fix


@then(parsers.parse('that fix names the cause "{cause}" and the file "{path}"'))
def _(session_world: SessionWorld, cause: str, path: str) -> None:
    [fix] = _staged(session_world, "fix")
    assert cause in fix and f"Files changed: {path}" in fix


@then(parsers.parse('staging holds a learning that says "{words}"'))
def _(session_world: SessionWorld, words: str) -> None:
    assert [t for t in _staged(session_world, "learning") if words in t]


@then("staging holds no fix")
def _(session_world: SessionWorld) -> None:
    assert _staged(session_world, "fix") == []


@then(parsers.parse('the memory holds the preference "{words}"'))
def _(session_world: SessionWorld, words: str) -> None:
    assert _preferences(session_world) == [words]


@then("the memory holds no preference")
def _(session_world: SessionWorld) -> None:
    assert _preferences(session_world) == []


@then(parsers.parse('staging holds the decision "{words}"'))
def _(session_world: SessionWorld, words: str) -> None:
    assert words in _staged(session_world, "decision")


@then(parsers.parse('staging holds no decision about "{word}"'))
def _(session_world: SessionWorld, word: str) -> None:
    assert not [d for d in _staged(session_world, "decision") if word in d]


@then(parsers.parse('the session\'s final summary ends with "{words}"'))
def _(session_world: SessionWorld, words: str) -> None:
    final = session_world.final(SESSION)
    assert final is not None and (final.operational_state or "").endswith(words)


@then("staging holds nothing from the session")
def _(session_world: SessionWorld) -> None:
    assert session_world.query("SELECT count(*) FROM bead_candidates WHERE session_id = ?", SESSION) == [(0,)]
