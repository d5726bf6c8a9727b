"""The light `abzu status` reads the settings it needs as Settings would, and declines (None:
the container answers and Settings words the problem) whatever it cannot vouch for."""

import os
import sys
from pathlib import Path

import pytest

from abzu.entrypoints.cli.fast_status import ANY_TEXT, OTHERS, READ, StatusSettings, read_settings
from abzu.entrypoints.distiller_choice import described
from abzu.entrypoints.settings import Settings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("ABZU_CONFIG", raising=False)
    monkeypatch.setenv("ABZU_HOME", str(tmp_path))
    return tmp_path


def test_every_setting_is_read_harmless_or_left_to_settings() -> None:
    assert set(Settings.model_fields) == READ | ANY_TEXT | OTHERS
    assert not (READ & ANY_TEXT or READ & OTHERS or ANY_TEXT & OTHERS)


@pytest.mark.parametrize("claude", ["nowhere/claude", sys.executable])  # not found / found
def test_what_is_read_is_what_settings_reads(claude: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ABZU_CLAUDE_EXECUTABLE", claude)
    s = Settings()
    assert read_settings(os.environ) == StatusSettings(
        s.claude_projects.expanduser(), s.review_monthly_tokens, s.review_monthly_usd,
        (s.review_mini_days, s.review_full_days, s.review_staged_limit),
        described(s.distiller, s.claude_executable))


def test_the_environment_wins_over_the_file(home: Path) -> None:
    (home / "config.toml").write_text('review_mini_days = 3\nreview_full_days = 9\n'
                                      'claude_projects = "/srv/t"\n', encoding="utf-8")
    found = read_settings({"abzu_review_mini_days": "4", "ABZU_REVIEW_MONTHLY_USD": " 0.5 "})
    assert found is not None
    assert (found.cadence[:2], found.ceiling_usd, found.claude_projects) == ((4, 9), 0.5, Path("/srv/t"))


@pytest.mark.parametrize("environ", [
    {"ABZU_REVIEW_MONTHLY_TOKENS": "-1"}, {"ABZU_REVIEW_MONTHLY_TOKENS": "1e6"},
    {"ABZU_REVIEW_MINI_DAYS": "0"}, {"ABZU_REVIEW_STAGED_LIMIT": "²"}, {"ABZU_REVIEW_MONTHLY_USD": "-2"},
    {"ABZU_REVIEW_TIMEOUT_S": "60"}, {"abzu_distiller": "gemini"},
])
def test_what_only_settings_can_check_is_declined(environ: dict[str, str]) -> None:
    assert read_settings(environ) is None


def test_a_file_setting_only_settings_checks_is_declined(home: Path) -> None:
    (home / "config.toml").write_text("review_attempts = 3\n", encoding="utf-8")
    assert read_settings({}) is None


def test_an_unreadable_file_is_declined(home: Path) -> None:
    (home / "config.toml").write_text("review_mini_days = = 3\n", encoding="utf-8")
    assert read_settings({}) is None
