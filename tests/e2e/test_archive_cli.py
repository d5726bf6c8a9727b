"""`abzu export` / `abzu import` through the real CLI, on SQLite files in tmp_path."""

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.application.remember_io import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.e2e.cli import Cli

HEADER = '{"format": "abzu-export", "version": 1}\n'


@pytest.fixture
def cli(container: Container) -> Cli:
    runner = Cli(container)
    for text, category in (("Always use WAL mode for SQLite readers", "preference"),
                           ("Retry the deploy when the registry times out", "fix")):
        assert runner("remember", text, "-c", category).code == 0
    return runner


@pytest.fixture
def other(tmp_path: Path, repo: Path) -> Iterator[Cli]:
    built = build_container(Settings(home=tmp_path / "other-home"), cwd=repo)
    yield Cli(built)
    built.shutdown_resources()


def test_export_is_sorted_versioned_jsonl_on_stdout(cli: Cli) -> None:
    run = cli("export")
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert run.code == 0 and lines[0] == {"format": "abzu-export", "version": 4}
    assert [r["kind"] for r in lines[1:]] == ["project", "bead", "candidate", "event", "event"]
    assert [(r["store"], r["event"]) for r in lines[4:]] == [("staging", "staged"), ("wisdom", "created")]
    assert lines[2]["content"] == "Always use WAL mode for SQLite readers"


def test_the_export_file_is_private(cli: Cli, tmp_path: Path) -> None:
    assert cli("export", "--out", str(tmp_path / "memory.jsonl")).code == 0
    assert stat.S_IMODE((tmp_path / "memory.jsonl").stat().st_mode) == 0o600


def test_import_skips_content_already_stored_under_another_id(cli: Cli, other: Cli, tmp_path: Path) -> None:
    assert other("remember", "Always use WAL mode for SQLite readers", "-c", "preference").code == 0
    cli("export", "--out", str(tmp_path / "m.jsonl"))
    run = other("import", str(tmp_path / "m.jsonl"), "--json")
    # added: the fix and its event; present: the project; the preference (its event stays out)
    assert run.json() == {"added": 2, "present": 1, "duplicates": 1, "projects": {}}
    beads = [r for r in other("export").stdout.splitlines() if '"kind":"bead"' in r]
    assert len(beads) == 1


def test_who_vouches_for_a_bead_travels_and_an_old_file_s_preference_is_the_agent_s(
        cli: Cli, other: Cli, tmp_path: Path) -> None:
    """Issue 29: a person's preference stays reviewed on the other machine; a preference of a
    file written before anyone recorded who vouched for it is not shown as reviewed there."""
    lines = cli("export").stdout.splitlines()
    [bead] = [json.loads(line) for line in lines if '"kind":"bead"' in line]
    assert bead["vouched_by"] == "person"
    (tmp_path / "new.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    older = {k: v for k, v in bead.items() if k != "vouched_by"} | {
        "id": "b-old", "content": "Prefer tabs", "content_hash": "h-old"}
    (tmp_path / "old.jsonl").write_text(HEADER.replace('"version": 1', '"version": 3')
                                        + json.dumps(older) + "\n", encoding="utf-8")
    assert other("import", str(tmp_path / "new.jsonl")).code == 0
    assert other("import", str(tmp_path / "old.jsonl")).code == 0
    assert other("show", bead["id"], "--json").json()["reviewed"] is True
    old = other("show", "b-old", "--json").json()
    assert (old["reviewed"], old["vouched_by"]) == (False, "agent")


@pytest.mark.parametrize(("content", "says"), [
    ("", "the file is empty"),
    ('{"hello": 1}\n', "line 1: not an abzu export"),
    ('{"format": "abzu-export", "version": 99}\n', "newer than this abzu reads"),
    (HEADER + '{"kind": "bead"\n', "line 2: not JSON"),
    (HEADER + '{"kind": "spell", "id": "x"}\n', "line 2: unknown record kind"),
    (HEADER + '{"kind": "event", "id": "wisdom:7"}\n', "line 2: an event id reads"),
    (HEADER + '{"kind": "bead", "content": "no id"}\n', "line 2: a bead without its id"),
    (HEADER + '{"kind": "project", "name": "api"}\n{"kind": "bead"\n', "line 3: not JSON"),
])
def test_a_bad_file_is_one_line_and_changes_nothing(
    other: Cli, tmp_path: Path, content: str, says: str
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    run = other("import", str(bad))
    assert run.code == 1 and says in run.stderr and len(run.stderr.splitlines()) == 1
    assert other("export").stdout.count("\n") == 1  # still only the header: nothing was written


def test_a_missing_file_is_one_line(other: Cli, tmp_path: Path) -> None:
    run = other("import", str(tmp_path / "nope.jsonl"))
    assert run.code == 1 and run.stderr.startswith("error: cannot read") and "Traceback" not in run.stderr


def test_the_file_need_not_be_utf_8_to_fail_in_one_line(other: Cli, tmp_path: Path) -> None:
    (tmp_path / "latin.jsonl").write_bytes(HEADER.encode() + b'{"kind": "project", "name": "caf\xe9"}\n')
    run = other("import", str(tmp_path / "latin.jsonl"))
    assert run.code == 1 and run.stderr.startswith("error: cannot read") and len(run.stderr.splitlines()) == 1


def test_an_export_saved_by_a_windows_editor_imports(cli: Cli, other: Cli, tmp_path: Path) -> None:
    lines = cli("export").stdout.splitlines()
    (tmp_path / "edited.jsonl").write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode() + b"\r\n")
    run = other("import", str(tmp_path / "edited.jsonl"), "--json")
    assert run.code == 0, run.stderr
    assert other("export").stdout.splitlines()[1:3] == lines[1:3]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_a_memory_holding_a_unicode_line_separator_survives_export_and_import(
        cli: Cli, other: Cli, tmp_path: Path, separator: str) -> None:
    # JSON leaves these unescaped inside strings: a reader splitting on them cut the record in two
    text = f"Pasted from the wiki:{separator}pin the registry mirror"
    assert cli("remember", text, "-c", "preference").code == 0
    assert cli("export", "--out", str(tmp_path / "m.jsonl")).code == 0
    run = other("import", str(tmp_path / "m.jsonl"), "--json")
    assert run.code == 0, run.stderr
    assert text in other("export").stdout


def test_a_file_put_together_by_hand_imports_in_any_order_of_kinds(other: Cli, tmp_path: Path) -> None:
    bead = {"kind": "bead", "id": "b-hand", "content": "Prefer tabs", "content_hash": "h-hand",
            "category": "preference", "project": "api", "created_at": "2026-01-01 00:00:00"}
    project = {"kind": "project", "name": "api"}
    (tmp_path / "hand.jsonl").write_text(
        HEADER.replace('"version": 1', '"version": 3') + json.dumps(bead) + "\n" + json.dumps(project) + "\n",
        encoding="utf-8")
    run = other("import", str(tmp_path / "hand.jsonl"), "--json")
    assert run.code == 0, run.stderr
    assert run.json()["added"] == 2
    assert other("show", "b-hand", "--json").json()["project"] == "api"


def test_an_export_piped_into_a_reader_that_stops_early_ends_quietly(
        container: Container, repo: Path) -> None:
    words = [f"w{n:05d}" for n in range(12_000)]
    for i in range(20):  # ~120 KB of export: more than a pipe holds, so the write meets the closed end
        text = " ".join(words[i * 600:(i + 1) * 600])
        container.remember().execute(RememberRequest(text, "preference")).unwrap()
    home = Path(container.config.home())
    child = subprocess.Popen([sys.executable, "-m", "abzu.entrypoints.launcher", "export"], cwd=repo,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "ABZU_HOME": str(home)})
    assert child.stdout is not None and child.stderr is not None
    assert json.loads(child.stdout.readline())["format"] == "abzu-export"
    child.stdout.close()  # `abzu export | head -1`
    assert child.wait(timeout=60) == 0
    assert child.stderr.read() == b""
