"""`abzu status` says whether a review is due and what reviews spent this month (issue 15)."""

from pathlib import Path

import pytest

from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.e2e.cli import Cli


def test_status_says_a_review_is_due_once_something_is_staged(container: Container) -> None:
    cli = Cli(container)
    assert cli("status", "--json").json()["review"]["due"] is None  # nothing staged: nothing due
    assert cli("remember", "Retry the deploy when the registry times out", "-c", "fix").code == 0
    review = cli("status", "--json").json()["review"]
    assert review == {"due": "full review due (never reviewed)", "spent_tokens_this_month": 0,
                      "spent_usd_this_month": 0.0, "ceiling_tokens": 5_000_000, "ceiling_usd": 5.0}
    human = cli("status").stdout  # a table that folds long cells: look for short words only
    assert "due: full review" in human and "$5.00" in human


def test_the_ceiling_and_cadence_come_from_the_environment(
    tmp_path: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ABZU_REVIEW_MONTHLY_USD", "0")
    monkeypatch.setenv("ABZU_REVIEW_MONTHLY_TOKENS", "250000")
    monkeypatch.setenv("ABZU_REVIEW_STAGED_LIMIT", "1")
    built = build_container(Settings(home=tmp_path / "h"), cwd=repo)
    try:
        review = Cli(built)("status", "--json").json()["review"]
        assert (review["ceiling_usd"], review["ceiling_tokens"]) == (None, 250_000)
    finally:
        built.shutdown_resources()
