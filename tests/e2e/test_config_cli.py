"""`abzu config list | get | set | unset` and the config file's place between environment and
defaults (issue 19), on a config file in the test's data home."""

import json
import stat
from pathlib import Path

import pytest

from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli


@pytest.fixture
def config(abzu_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("ABZU_CONFIG")  # the default place: beside the data, $ABZU_HOME/config.toml
    for name in ("ABZU_RELEVANCE_FLOOR", "ABZU_REVIEW_MODEL", "GEMINI_API_KEY", "GOOGLE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return abzu_home / "config.toml"


@pytest.fixture
def cli(container: Container) -> Cli:
    return Cli(container)


def sources(cli: Cli) -> dict[str, tuple[str | None, str]]:
    listed = json.loads(cli("config", "list", "--json").stdout)["settings"]
    return {s["key"]: (s["value"], s["source"]) for s in listed}


def test_set_writes_the_file_and_settings_read_it(cli: Cli, config: Path) -> None:
    done = cli("config", "set", "relevance_floor", "0.5")

    assert done.code == 0 and config.read_text() == "relevance_floor = 0.5\n"
    assert Settings().relevance_floor == 0.5
    assert sources(cli)["relevance_floor"] == ("0.5", "file")
    assert cli("config", "get", "relevance_floor").stdout == "0.5\n"


def test_the_environment_wins_over_the_file(cli: Cli, config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cli("config", "set", "review_model", "gemini-from-file")
    monkeypatch.setenv("ABZU_REVIEW_MODEL", "gemini-from-env")

    assert Settings().review_model == "gemini-from-env"
    assert sources(cli)["review_model"] == ("gemini-from-env", "env ABZU_REVIEW_MODEL")
    assert sources(cli)["review_batch_tokens"] == ("12000", "default")


def test_a_key_in_the_file_makes_it_0600_and_is_never_printed(cli: Cli, config: Path) -> None:
    cli("config", "set", "gemini_api_key", "AIzaSyFakeKeyForTests0123456789")

    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    assert Settings().review_api_key == "AIzaSyFakeKeyForTests0123456789"
    listed = cli("config", "list").stdout
    assert "AIzaSy" not in listed and "gemini_api_key = ******** (hidden)  [file]" in listed


def test_the_key_can_come_from_a_variable_the_file_names(
    cli: Cli, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli("config", "set", "gemini_key_env", "MY_GEMINI")
    monkeypatch.setenv("MY_GEMINI", "k-from-my-variable")

    assert Settings().review_api_key == "k-from-my-variable"
    assert "k-from-my-variable" not in config.read_text()


@pytest.mark.parametrize(("args", "message"), [
    (["set", "relevance_floor", "7"], "error: relevance_floor: Input should be less than or equal to 1"),
    (["set", "colour", "blue"], "error: unknown setting 'colour': see `abzu config list`"),
    (["get", "colour"], "error: unknown setting 'colour': see `abzu config list`"),
    (["set", "home", "/elsewhere"],
     "error: the data home is set with ABZU_HOME in the environment, not in the file"),
])
def test_bad_settings_are_one_line_and_change_nothing(
    cli: Cli, config: Path, args: list[str], message: str
) -> None:
    done = cli("config", *args)
    assert (done.code, done.stderr.splitlines()) == (1, [message]) and not config.exists()


def test_unset_brings_the_default_back(cli: Cli, config: Path) -> None:
    cli("config", "set", "relevance_floor", "0.5")
    assert cli("config", "unset", "relevance_floor").code == 0
    assert sources(cli)["relevance_floor"] == ("0.3", "default")


def test_a_broken_file_is_named_in_one_line(cli: Cli, config: Path) -> None:
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("relevance_floor = = 1\n")
    done = cli("config", "list")
    assert done.code == 1 and done.stderr.startswith(f"error: cannot read {config}")


def test_distillation_runs_where_claude_is_found_until_it_is_set_off(
    cli: Cli, config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    claude = tmp_path / "bin" / "claude"
    claude.parent.mkdir()
    claude.write_text("#!/bin/sh\nexit 0\n")
    claude.chmod(0o700)
    monkeypatch.setenv("ABZU_CLAUDE_EXECUTABLE", str(claude))
    assert (Settings().distiller, Settings().distiller_in_use) == ("auto", "claude-code")
    assert cli("config", "set", "distiller", "off").code == 0
    assert Settings().distiller_in_use is None
    assert cli("config", "set", "distiller", "auto").code == 0
    assert Settings().distiller_in_use == "claude-code"
    refused = cli("config", "set", "distiller", "always")
    assert refused.code == 1 and refused.stderr.startswith("error: distiller: Input should be 'auto', 'off'")


def test_set_notes_a_variable_that_overrides_it_whatever_its_case(
    cli: Cli, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("abzu_review_model", "gemini-from-env")  # the reader ignores case

    done = cli("config", "set", "review_model", "gemini-from-file")

    assert done.code == 0 and Settings().review_model == "gemini-from-env"
    assert "note: abzu_review_model is set in this environment and wins over the file" in done.stderr
