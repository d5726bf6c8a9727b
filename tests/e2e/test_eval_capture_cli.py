"""`abzu eval capture` end to end: the six shared fixture transcripts through the real lifecycle,
scored against bench/capture_labels.json (issue 11 "Done when")."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from abzu.entrypoints.cli.app import create_app

runner = CliRunner()
LABELS = Path(__file__).parents[2] / "bench" / "capture_labels.json"
FIXTURES = Path("/work/shared/fixtures/claude-jsonl")
ALL = sorted(FIXTURES.glob("*/*.jsonl"))
pytestmark = pytest.mark.skipif(len(ALL) != 6, reason="the six shared fixture transcripts are not here")


def _figures(stdout: str) -> dict[str, float]:
    last = stdout.strip().splitlines()[-1].split()
    return {last[i]: float(last[i + 1]) for i in range(0, len(last), 2)}


def test_heuristics_alone_reach_the_issue_targets_on_the_fixtures(abzu_home: Path) -> None:
    result = runner.invoke(create_app(), ["eval", "capture", str(LABELS), *map(str, ALL)])
    assert result.exit_code == 0, result.output
    figures = _figures(result.stdout)
    assert figures["recall"] >= 0.5 and figures["precision"] >= 0.7
    assert "crud.jsonl" in result.stdout and "candidates/session" in result.stdout
    assert not any(abzu_home.glob("*.db"))  # throw-away stores, never the user's


def test_verbose_names_what_was_missed(abzu_home: Path, tmp_path: Path) -> None:
    labels = tmp_path / "labels.json"
    labels.write_text(json.dumps({"transcripts": {"crud.jsonl": [
        {"id": "joke-file", "keywords": [["JOKE.md", "deleted"]], "category": "pattern"}]}}))
    crud = str(FIXTURES / "agentlogs/crud.jsonl")
    result = runner.invoke(create_app(), ["eval", "capture", str(labels), crud, "-v"])
    assert result.exit_code == 0, result.output
    assert "missed: joke-file" in result.stdout
    assert "recall 0.00  precision 0.00" in result.stdout
    assert "candidates   0/0   precision n/a" in result.stdout  # no pattern staged: no precision


def test_a_transcript_without_labels_is_one_clear_error(abzu_home: Path, tmp_path: Path) -> None:
    labels = tmp_path / "labels.json"
    labels.write_text('{"transcripts": {}}')
    result = runner.invoke(create_app(), ["eval", "capture", str(labels), str(ALL[0])])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"error: labels.json has no labels for {ALL[0].name}"


def test_a_malformed_labels_file_is_one_clear_error(abzu_home: Path, tmp_path: Path) -> None:
    labels = tmp_path / "labels.json"
    labels.write_text('{"transcripts": {"a.jsonl": [{"id": "x"}]}}')
    result = runner.invoke(create_app(), ["eval", "capture", str(labels), str(ALL[0])])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: cannot read labels {labels}:")
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_split_reports_each_half_and_every_category(abzu_home: Path, tmp_path: Path) -> None:
    split = tmp_path / "split.json"
    halves = {"tuning": [p.name for p in ALL[:4]], "test": [p.name for p in ALL[4:]]}
    split.write_text(json.dumps(halves))
    arguments = ["eval", "capture", str(LABELS), *map(str, ALL), "--split", str(split)]
    result = runner.invoke(create_app(), arguments)
    assert result.exit_code == 0, result.output
    tuning = result.stdout.split("\ntuning half\n")[1].split("\ntest half\n")[0]
    assert "recall 0.00  precision 0.00" in tuning  # the first four hold nothing labelled
    assert _figures(result.stdout)["recall"] >= 0.5  # the test half holds every labelled item
    assert "learning" in result.stdout and "decision" in result.stdout


def test_one_half_runs_only_its_own_transcripts(abzu_home: Path, tmp_path: Path) -> None:
    split = tmp_path / "split.json"
    halves = {"tuning": [p.name for p in ALL[:4]], "test": [p.name for p in ALL[4:]]}
    split.write_text(json.dumps(halves))
    arguments = ["eval", "capture", str(LABELS), *map(str, ALL), "--split", str(split), "--half", "tuning"]
    result = runner.invoke(create_app(), arguments)
    assert result.exit_code == 0, result.output
    assert "tuning half" in result.stdout and "test half" not in result.stdout
    assert not any(p.name[:40] in result.stdout for p in ALL[4:])  # the other half is never run


def test_a_half_without_a_split_is_one_clear_error(abzu_home: Path) -> None:
    result = runner.invoke(create_app(), ["eval", "capture", str(LABELS), str(ALL[0]), "--half", "test"])
    assert result.exit_code == 1
    assert result.stderr.strip() == "error: --half needs --split and is tuning or test"
