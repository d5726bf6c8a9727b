"""`abzu import-sessions` through the CLI on the real container: what it says and refuses."""

import json
import os
from pathlib import Path

import pytest

from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli

FIXTURES = Path(__file__).parents[1] / "fixtures" / "claude-jsonl"
VIEWER = FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"


@pytest.fixture
def cli(container: Container) -> Cli:
    return Cli(container)


def test_a_missing_path_is_one_clear_error(cli: Cli, tmp_path: Path) -> None:
    run = cli("import-sessions", str(tmp_path / "nowhere"))
    assert (run.code, run.stderr.strip()) == (1, f"error: no transcript or folder at {tmp_path / 'nowhere'}")


def test_files_that_are_not_transcripts_are_counted_and_symlinks_never_read(cli: Cli, tmp_path: Path) -> None:
    project = tmp_path / "projects" / "-p"
    project.mkdir(parents=True)
    (project / "notes.jsonl").write_text('{"hello": "world"}\n')
    os.symlink(VIEWER, project / "linked.jsonl")
    run = cli("import-sessions", str(tmp_path / "projects"))
    assert run.code == 0, run.stderr
    assert "imported 0, already covered 0, 0 candidate(s) staged, 1 not a transcript" in run.stdout


def test_check_counts_what_no_capture_covered_then_nothing_after_import(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "projects" / "-demo"
    folder.mkdir(parents=True)
    (folder / VIEWER.name).write_bytes(VIEWER.read_bytes())
    where = str(folder.parent)
    assert cli("import-sessions", where, "--check").stdout.strip() == "missed: 1 of 1 transcript(s)"
    assert "imported 1, already covered 0" in cli("import-sessions", where).stdout
    assert cli("import-sessions", where, "--check").stdout.strip() == "missed: 0 of 1 transcript(s)"


def test_a_configured_distiller_runs_on_each_imported_session_once(
    cli: Cli, container: Container, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.integration.test_claude_cli_distiller import fake_claude

    item = {"category": "learning", "content": "The viewer reads transcripts from ~/.claude/projects.",
            "summary": "viewer source"}
    envelope = {"result": json.dumps({"items": [item]}), "usage": {"input_tokens": 900, "output_tokens": 60}}
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    exe = fake_claude(bin_dir, f"cat <<'EOF'\n{json.dumps(envelope)}\nEOF")
    monkeypatch.setenv("ABZU_DISTILLER", "claude-code")
    monkeypatch.setenv("ABZU_CLAUDE_EXECUTABLE", str(exe))
    folder = tmp_path / "projects" / "-demo"
    folder.mkdir(parents=True)
    (folder / VIEWER.name).write_bytes(VIEWER.read_bytes())
    first = cli("import-sessions", str(folder.parent))
    assert first.code == 0, first.stderr
    assert "(+1 distilled)" in first.stdout
    assert "(+" not in cli("import-sessions", str(folder.parent)).stdout  # covered: not distilled again
    staged = container.review.get_staged_candidates().execute(None)
    [distilled] = [c for c in staged if c.content == item["content"]]
    assert (distilled.context, distilled.session_id) == ("Distilled by claude-code", VIEWER.stem)
    assert (bin_dir / "stdin").read_text().count("What decisions were made?") == 1
