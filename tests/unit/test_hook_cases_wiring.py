"""One wiring source (issue 14.2): the data home named once, the hooks' factory honours settings."""

import os
from pathlib import Path

import pytest

from abzu.domain.ranking import RankingPolicy
from abzu.domain.review.cadence import ReviewCadence
from abzu.entrypoints import setting_fields as one
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks.pre_compact import pending_marker, wait_for_snapshot
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.hook_cases import HookUseCases


def test_the_data_home_comes_from_abzu_home_or_defaults_to_dot_enki() -> None:
    assert DataHome.from_env({"ABZU_HOME": "/data/abzu"}).wisdom == Path("/data/abzu/wisdom.db")
    assert DataHome.from_env({}).root == Path("~/.enki").expanduser()


def test_settings_and_the_hooks_see_the_same_files(tmp_path: Path) -> None:
    settings, home = Settings(home=tmp_path), DataHome.at(tmp_path)
    assert (settings.wisdom_path, settings.staging_path, settings.log_path, settings.snapshot_dir) == (
        home.wisdom, home.staging, home.log, home.snapshots)


def test_the_hook_wiring_honours_the_relevance_floor(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ABZU_RELEVANCE_FLOOR", "0.55")
    light = HookUseCases.for_hook(str(tmp_path), str(tmp_path))
    assert light.ranking.relevance_floor == 0.55
    assert light.session_start().ranking.relevance_floor == 0.55


@pytest.mark.parametrize(("raw", "message"), [
    ("high", "relevance_floor: Input should be a valid float"),
    ("1.5", "relevance_floor: Input should be less than or equal to 1"),
    ("-0.1", "relevance_floor: Input should be greater than or equal to 0"),
])
def test_a_bad_relevance_floor_is_one_clear_error(raw: str, message: str, tmp_path: Path) -> None:
    environ = {"ABZU_HOME": str(tmp_path), "ABZU_RELEVANCE_FLOOR": raw}
    with pytest.raises(ValueError, match=message):
        one.values(one.RELEVANCE_FLOOR, environ=environ)


def test_a_bad_value_leaves_the_hook_on_the_defaults_and_says_so_in_the_log(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("ABZU_RELEVANCE_FLOOR", "high")
    light = HookUseCases.for_hook(str(tmp_path), str(tmp_path))
    assert (light.ranking, light.cadence) == (RankingPolicy(), ReviewCadence())
    assert "settings ignored, defaults used: relevance_floor" in caplog.text


def test_an_unset_floor_is_the_default(tmp_path: Path) -> None:
    environ = {"ABZU_HOME": str(tmp_path)}
    assert one.values(one.RELEVANCE_FLOOR, environ=environ) == [Settings().relevance_floor]


def test_the_hook_reads_the_review_cadence_and_floor_from_config_toml_under_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setenv("ABZU_HOME", str(tmp_path))
    monkeypatch.delenv("ABZU_CONFIG", raising=False)
    for name in ("ABZU_REVIEW_MINI_DAYS", "ABZU_REVIEW_FULL_DAYS", "ABZU_RELEVANCE_FLOOR"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "config.toml").write_text(
        "review_mini_days = 7\nreview_full_days = 45\nrelevance_floor = 0.4\n")
    monkeypatch.setenv("ABZU_REVIEW_FULL_DAYS", "60")  # the environment wins, as in Settings

    light = HookUseCases.for_hook(str(tmp_path), str(tmp_path))

    settings = Settings()
    assert (light.cadence.mini_days, light.cadence.full_days) == (7, 60)
    assert (settings.review_mini_days, settings.review_full_days) == (7, 60)
    assert light.ranking.relevance_floor == settings.relevance_floor == 0.4


def test_a_broken_config_file_leaves_the_hook_on_its_defaults(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setenv("ABZU_CONFIG", str(tmp_path / "bad.toml"))
    (tmp_path / "bad.toml").write_text("review_mini_days = [\n")
    assert HookUseCases.for_hook(str(tmp_path), str(tmp_path)).cadence == ReviewCadence()


def test_nothing_pending_means_no_wait(tmp_path: Path) -> None:
    assert wait_for_snapshot(DataHome.at(tmp_path), "s1", limit_s=0.0)


def test_a_snapshot_on_its_way_is_waited_for_up_to_the_limit(tmp_path: Path) -> None:
    home = DataHome.at(tmp_path)
    marker = pending_marker(home, "s1")
    marker.parent.mkdir(parents=True)
    marker.touch()
    assert not wait_for_snapshot(home, "s1", limit_s=0.0)
    os.utime(marker, (0, 0))  # a marker left by a snapshot run that died long ago
    assert wait_for_snapshot(home, "s1", limit_s=0.0)


@pytest.mark.parametrize(("payload", "message"), [
    ("[]", "not a JSON object"),
    ('{"session_id": "a/b"}', "no valid session_id"),
    ('{"session_id": "s1", "cwd": 3}', "cwd is not text"),
    ('{"session_id": "s1", "trigger": "' + "x" * 65 + '"}', "trigger is longer than 64"),
])
def test_an_unusable_hook_payload_is_refused_by_name(payload: str, message: str) -> None:
    from abzu.adapters.claude_hook_payload import HookPayload

    with pytest.raises(ValueError, match=message):
        HookPayload.model_validate_json(payload)


def test_a_hook_payload_keeps_known_fields_stripped_and_ignores_the_rest() -> None:
    from abzu.adapters.claude_hook_payload import HookPayload

    got = HookPayload.model_validate_json('{"session_id": " s1 ", "source": " compact ", "new_field": 1}')
    assert (got.session_id, got.source, got.cwd) == ("s1", "compact", None)


def test_the_hook_matches_variable_names_in_any_case_as_settings_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setenv("ABZU_HOME", str(tmp_path))
    for name in ("ABZU_CONFIG", "ABZU_REVIEW_MINI_DAYS", "ABZU_RELEVANCE_FLOOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("abzu_review_mini_days", "9")  # one reader (setting_fields.py) for both
    monkeypatch.setenv("Abzu_Relevance_Floor", "0.45")

    light = HookUseCases.for_hook(str(tmp_path), str(tmp_path))

    settings = Settings()
    assert light.cadence.mini_days == settings.review_mini_days == 9
    assert light.ranking.relevance_floor == settings.relevance_floor == 0.45


def test_the_files_a_session_start_names_as_strings_are_the_data_homes(tmp_path: Path) -> None:
    """The session start names its files without pathlib (home_root.py); DataHome names the same."""
    from abzu.entrypoints import home_root as names

    home, root = DataHome.at(tmp_path), str(tmp_path)
    assert [names.in_home(root, n) for n in (names.WISDOM, names.STAGING, names.PERSONA, names.LOG)] == [
        str(p) for p in (home.wisdom, home.staging, home.persona, home.log)]
    assert (names.spool_folder(root), names.in_home(root, names.TEAM, names.TEAM_CACHE)) == (
        str(home.spool), str(home.team_cache))
    assert names.config_file(root, {}) == str(home.config_file({}))
    named = {"ABZU_CONFIG": "~/other.toml"}
    assert names.config_file(root, named) == str(home.config_file(named))
