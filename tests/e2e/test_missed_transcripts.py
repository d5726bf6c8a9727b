"""Transcripts no capture covered (issue 11 item 4): `abzu status` counts them ("missed") and
`abzu recover`, run detached at every session start, imports them; then there is nothing to do."""

import json
import os
from pathlib import Path

import pytest

from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli

VIEWER = (Path(__file__).parents[1] / "fixtures" / "claude-jsonl" / "claude-code-viewer"
          / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl")


@pytest.fixture
def projects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "claude-projects"
    monkeypatch.setenv("ABZU_CLAUDE_PROJECTS", str(folder))
    return folder


@pytest.fixture
def cli(projects: Path, container: Container) -> Cli:
    return Cli(container)


def _old_transcript(projects: Path) -> Path:
    target = projects / "-demo" / VIEWER.name
    target.parent.mkdir(parents=True)
    target.write_bytes(VIEWER.read_bytes())
    os.utime(target, (1e9, 1e9))  # written long ago: no live session is writing it
    return target


def _missed(cli: Cli) -> int:
    return int(json.loads(cli("status", "--json").stdout)["sessions"]["missed"])


def test_status_counts_a_missed_transcript_and_recover_imports_it_once(cli: Cli, projects: Path) -> None:
    _old_transcript(projects)
    assert _missed(cli) == 1
    assert "missed transcripts: 1" in cli("status").stdout
    first = cli("recover", "--exclude", "sess-now")
    assert first.code == 0, first.stderr
    assert "imported 1 missed transcript(s)" in first.stdout
    assert _missed(cli) == 0
    again = cli("recover", "--exclude", "sess-now")
    assert "missed transcript" not in again.stdout  # nothing to do: nothing opened, nothing said


def test_recover_leaves_the_starting_session_and_live_transcripts_alone(cli: Cli, projects: Path) -> None:
    path = _old_transcript(projects)
    assert "missed transcript" not in cli("recover", "--exclude", path.stem).stdout
    os.utime(path)  # being written now
    assert "missed transcript" not in cli("recover").stdout
    assert _missed(cli) == 1


def test_no_transcripts_folder_means_nothing_missed(cli: Cli) -> None:
    assert _missed(cli) == 0


def test_a_distiller_transcript_is_never_missed_imported_or_recovered(
    cli: Cli, projects: Path, container: Container
) -> None:
    from abzu.domain.extraction.distill_prompt import prompt

    folder = projects / "-home-u--enki-distill"
    folder.mkdir(parents=True)
    by_prompt, by_id = (folder / "aaaaaaaa-1111-4111-8111-111111111111.jsonl",
                        folder / "bbbbbbbb-1111-4111-8111-111111111111.jsonl")
    for path, text in ((by_prompt, prompt(summary="Fixed the build", heuristic=(), existing=())),
                       (by_id, "A prompt of an older Abzu")):
        record = {"type": "user", "sessionId": path.stem, "cwd": "/home/u/.enki/distill", "uuid": "u1",
                  "message": {"role": "user", "content": text}}
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
        os.utime(path, (1e9, 1e9))
    assert _missed(cli) == 1  # the one its text does not give away
    with container.sessions.extraction_uow() as uow:  # …until the extraction log names it
        from abzu.application.extraction.ports import ExtractionLogEntry, ExtractionMethod, ExtractionStatus

        uow.extraction.log(ExtractionLogEntry("x-1", "parent", "claude-code", 0, ExtractionStatus.FAILED,
                                              "timed out", ExtractionMethod.CC_DISTILL,
                                              child_session_id=by_id.stem), at=container.clock().now())
        uow.commit()
    assert _missed(cli) == 0
    assert "missed transcript" not in cli("recover", "--exclude", "sess-now").stdout
    imported = cli("import-sessions", str(projects))
    assert "imported 0, already covered 0" in imported.stdout
    assert "2 of Abzu's own distiller left alone" in imported.stdout
