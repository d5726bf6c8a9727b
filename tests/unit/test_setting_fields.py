"""The one settings reader (issue 31.4): Settings and the light paths (hooks, background jobs, the
memory commands) take every value from `setting_fields.found` and declare the shared settings
from the same specs, so a value reads the same, or is refused, on both sides."""

import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from abzu.entrypoints import setting_fields as one
from abzu.entrypoints.settings import Settings


@pytest.fixture(autouse=True)
def clean(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in [n for n in os.environ if n.upper().startswith("ABZU_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("ABZU_HOME", str(tmp_path))
    return tmp_path


def test_every_shared_spec_is_the_settings_field_of_its_name() -> None:
    for spec in one.SHARED.values():
        default = Settings.model_fields[spec.key].default
        assert default == spec.default or default == Path(str(spec.default))


@pytest.mark.parametrize("spec", one.SHARED.values(), ids=lambda s: s.key)
@pytest.mark.parametrize("raw", ["1", " 2 ", "0.5", "-1", "1e3", "nan", "", "off", "soon", 3, True])
def test_settings_accepts_and_refuses_what_the_light_reader_does(spec: one.Spec, raw: object) -> None:
    try:
        expected: object = getattr(Settings(**{spec.key: raw}), spec.key)
    except ValidationError as exc:
        expected = exc.errors()[0]["msg"]
    try:
        got: object = one.value(spec, {spec.key: raw})
    except one.Refused as exc:
        got = exc.reason
    assert (Path(str(got)) if isinstance(expected, Path) else got) == expected


def test_the_environment_wins_over_the_file_in_any_case(monkeypatch: pytest.MonkeyPatch, clean: Path) -> None:
    (clean / "config.toml").write_text("review_mini_days = 7\nreview_full_days = 45\nsemantic = true\n")
    monkeypatch.setenv("abzu_Review_Full_Days", "60")
    assert one.values(one.REVIEW_MINI_DAYS, one.REVIEW_FULL_DAYS, one.SEMANTIC) == [7, 60, True]
    assert (Settings().review_mini_days, Settings().review_full_days, Settings().semantic) == (7, 60, True)


def test_the_gemini_keys_keep_their_own_variable_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ABZU_GOOGLE_API_KEY", "not-this-one")
    assert Settings().google_api_key is None
    monkeypatch.setenv("GOOGLE_API_KEY", "k-google")
    assert Settings().review_api_key == "k-google"
    assert one.env_name("google_api_key") == "GOOGLE_API_KEY"
    assert one.env_name("relevance_floor") == "ABZU_RELEVANCE_FLOOR"


def test_a_broken_file_is_one_error_naming_it(clean: Path) -> None:
    (clean / "config.toml").write_text("review_mini_days = [\n")
    with pytest.raises(one.ConfigError, match=r"config\.toml"):
        one.values(one.REVIEW_MINI_DAYS)


def test_config_list_names_a_variable_given_in_any_case(monkeypatch: pytest.MonkeyPatch, clean: Path) -> None:
    from abzu.entrypoints.config_values import describe_all

    monkeypatch.setenv("abzu_review_mini_days", "9")
    [row] = [r for r in describe_all(clean / "config.toml") if r.key == "review_mini_days"]
    assert (row.value, row.source) == ("9", "env abzu_review_mini_days")


def test_the_distiller_choices_are_the_settings_literal() -> None:
    from typing import get_args

    from abzu.entrypoints.settings import Distiller

    assert get_args(Distiller) == one.DISTILLER.choices
    with pytest.raises(one.Refused, match="Input should be 'auto', 'off', 'claude-code' or 'gemini'"):
        one.value(one.DISTILLER, {"distiller": "openai"})



def test_a_home_written_in_the_config_file_moves_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The hooks find the data home from ABZU_HOME alone (else ~/.enki); a `home` key written by
    hand into ~/.enki/config.toml must not send the CLI and the container to another folder
    than the one the hooks write to."""
    user = tmp_path_factory.mktemp("user")
    monkeypatch.delenv("ABZU_HOME")
    monkeypatch.setenv("HOME", str(user))
    (user / ".enki").mkdir()
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (user / ".enki" / "config.toml").write_text(f'home = "{elsewhere}"\n', encoding="utf-8")
    assert Path(one.values(one.HOME)[0]).expanduser() == user / ".enki"
    assert Settings().data_home == user / ".enki"
