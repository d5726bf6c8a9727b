"""`abzu team …` where no server is needed to tell: a password never goes into config or an
address, a command without a joined team says what to do, and every failure is one line."""

from pathlib import Path

import pytest

from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli

NOT_JOINED = "no team joined: abzu team join postgresql://user@host/database"


@pytest.fixture
def cli(container: Container, abzu_home: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.delenv("ABZU_CONFIG")
    monkeypatch.delenv("ABZU_TEAM_URL", raising=False)
    return Cli(container)


@pytest.mark.parametrize("command", [("team", "join"), ("team", "init"), ("config", "set", "team_url")])
def test_an_address_holding_a_password_is_refused_and_never_written(
    cli: Cli, abzu_home: Path, command: tuple[str, ...]
) -> None:
    done = cli(*command, "postgresql://alice:s3cret-pw@db.example:5432/team")
    assert done.code == 1
    assert "keep the password out" in done.stderr and "s3cret-pw" not in done.stderr + done.stdout
    config = abzu_home / "config.toml"
    assert not config.exists() or "s3cret-pw" not in config.read_text(encoding="utf-8")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", [("team", "status"), ("team", "push"), ("team", "refresh"),
                                     ("team", "promote", "c-1"), ("team", "candidates")])
def test_without_a_joined_team_each_command_says_how_to_join(cli: Cli, command: tuple[str, ...]) -> None:
    done = cli(*command)
    assert (done.code, done.stderr) == (1, f"error: {NOT_JOINED}\n")


def test_an_unreachable_server_is_one_line_and_nothing_is_kept(cli: Cli, abzu_home: Path) -> None:
    done = cli("team", "join", "postgresql://alice@127.0.0.1:9/team")  # nothing listens on port 9
    assert done.code == 1 and done.stderr.startswith("error: ") and len(done.stderr.splitlines()) == 1
    assert not (abzu_home / "config.toml").exists() and not (abzu_home / "team" / "cache.db").exists()


def test_eval_on_the_team_backend_needs_an_address(cli: Cli, tmp_path: Path) -> None:
    data = tmp_path / "locomo.json"
    data.write_text("[]", encoding="utf-8")
    done = cli("eval", "locomo", str(data), "--backend", "team")
    assert done.code == 1 and "--backend team needs --team-url" in done.stderr
