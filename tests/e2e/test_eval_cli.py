"""`abzu eval locomo` end to end on a tiny LoCoMo-format file (CI runs this small eval)."""

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from abzu.entrypoints.cli.app import create_app
from tests.locomo_tiny import write_tiny_locomo

runner = CliRunner()


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return write_tiny_locomo(tmp_path / "tiny-locomo.json")


def _json(*args: str) -> dict[str, Any]:
    result = runner.invoke(create_app(), ["eval", "locomo", *args, "--json"])
    assert result.exit_code == 0, result.output
    loaded: dict[str, Any] = json.loads(result.stdout)
    return loaded


def test_prints_abzu_and_the_baseline_side_by_side_per_category(tiny: Path, abzu_home: Path) -> None:
    result = runner.invoke(create_app(), ["eval", "locomo", str(tiny)])

    assert result.exit_code == 0, result.output
    for expected in ("hit@5", "all@10", "MRR", "p95 ms", "overall", "multi-hop", "temporal",
                     "open-domain", "single-hop", "baseline", "7 questions scored",
                     "skipped 1 adversarial, 1 without evidence, 1 with unresolvable evidence",
                     "2 evidence ids name no turn"):
        assert expected in result.stdout
    assert "conv-b" in result.stderr  # the progress bar of the second sample


def test_json_reports_counts_and_metrics_for_both_systems(tiny: Path, abzu_home: Path) -> None:
    report = _json(str(tiny), "--baseline")

    assert report["samples"] == 2 and report["relevance_floor"] == 0.3
    assert report["ingestion"] | {"seconds": 0} == {"turns": 16, "stored": 16, "duplicates": 0,
                                                    "superseded": 0, "failed": 0, "seconds": 0}
    assert report["skipped"] == {"adversarial": 1, "no_evidence": 1, "unresolvable": 1,
                                 "unresolved_evidence_ids": 2}
    abzu, baseline = report["systems"]["abzu"], report["systems"]["baseline"]
    assert list(abzu) == ["overall", "multi-hop", "temporal", "open-domain", "single-hop"]
    assert abzu["overall"]["questions"] == baseline["overall"]["questions"] == 7
    assert abzu["single-hop"]["hit_at"]["1"] == 0.75
    assert baseline["single-hop"]["hit_at"]["5"] == 1.0


def test_the_evaluation_never_touches_the_users_memory(tiny: Path, abzu_home: Path) -> None:
    report = _json(str(tiny), "--no-baseline")

    assert list(report["systems"]) == ["abzu"]
    assert not (abzu_home / "wisdom.db").exists() and not (abzu_home / "abzu.db").exists()


def test_a_high_floor_drops_the_weak_match_a_zero_floor_keeps(tiny: Path, abzu_home: Path) -> None:
    # With its neighbouring turns as context, the default floor (0.3) keeps that match too.
    strict, open_floor = _json(str(tiny), "--floor", "0.6"), _json(str(tiny), "--floor", "0")

    assert strict["systems"]["abzu"]["overall"]["hit_at"]["5"] == pytest.approx(6 / 7, abs=1e-4)
    assert open_floor["relevance_floor"] == 0.0
    assert open_floor["systems"]["abzu"]["overall"]["hit_at"]["5"] == 1.0


def test_session_unit_and_custom_cut_offs(tiny: Path, abzu_home: Path) -> None:
    report = _json(str(tiny), "--unit", "session", "--k", "2,1", "--baseline")

    assert report["unit"] == "session" and report["ks"] == [1, 2]
    assert report["systems"]["abzu"]["multi-hop"]["hit_at"]["1"] == 1.0
    assert report["systems"]["baseline"]["multi-hop"]["all_at"] == {"1": 0.0, "2": 1.0}


def test_per_question_lines_show_where_evidence_ranked(tiny: Path, abzu_home: Path, tmp_path: Path) -> None:
    target = tmp_path / "questions.jsonl"
    _json(str(tiny), "--baseline", "--per-question", str(target))

    lines = [json.loads(line) for line in target.read_text().splitlines()]
    assert len(lines) == 7
    dog = lines[0]
    assert dog["question"] == "What kind of dog did Ana adopt?" and dog["category_label"] == "single-hop"
    assert dog["results"]["abzu"]["first_rank"] == 1 and dog["results"]["abzu"]["top"][0] == "D1:1"
    assert lines[2]["evidence"] == ["D1:4", "D3:3"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.json"], "no such file"),
        (["{tiny}", "--k", "1,five"], "--k takes whole numbers separated by commas"),
        (["{tiny}", "--k", "1,500"], "every k must be between 1 and the recall depth 100"),
        (["{tiny}", "--per-question", "/nonexistent-folder/q.jsonl"], "no folder /nonexistent-folder"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(tiny: Path, abzu_home: Path, args: list[str], message: str) -> None:
    result = runner.invoke(create_app(), ["eval", "locomo", *(a.format(tiny=tiny) for a in args)])

    assert result.exit_code == 1
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_a_malformed_file_names_the_problem(tmp_path: Path, abzu_home: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"sample_id": "s1", "conversation": {"session_1": [{"text": "hi"}]}}]))

    result = runner.invoke(create_app(), ["eval", "locomo", str(bad)])

    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"error: cannot evaluate on {bad}: sample s1: conversation.session_1.0: speaker: Field required"
    )
