"""`abzu --version`, `abzu version --json`, `abzu-mcp --help/--version` and MCP serverInfo (issue 19)."""

import json
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import anyio
import pytest
from mcp import Client

from abzu.adapters.sqlite.migrations.runner import HEADS
from abzu.entrypoints.mcp_server.server import build_server
from tests.e2e.test_cli_subprocess import abzu

BIN = Path(sys.executable).parent
VERSION = version("abzu")


@pytest.mark.slow
def test_abzu_version_prints_the_installed_version(tmp_path: Path) -> None:
    done = abzu("--version", home=tmp_path / "home", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"abzu {VERSION}\n", "")


@pytest.mark.slow
def test_help_shows_flags_without_a_value_type(tmp_path: Path) -> None:
    top = abzu("--help", home=tmp_path / "home", cwd=tmp_path).stdout
    remember = abzu("remember", "--help", home=tmp_path / "home", cwd=tmp_path).stdout
    assert "--version" in top and "<bool>" not in top + remember  # a flag takes no value
    assert "<str>" in remember  # options that take one still say what


@pytest.mark.slow
def test_version_json_names_the_data_home_and_schema_revisions(tmp_path: Path) -> None:
    home = tmp_path / "home"
    before = json.loads(abzu("version", "--json", home=home, cwd=tmp_path).stdout)
    abzu("remember", "Use WAL", "-c", "preference", home=home, cwd=tmp_path)
    after = json.loads(abzu("version", "--json", home=home, cwd=tmp_path).stdout)

    assert (before["version"], before["data_home"]) == (VERSION, str(home))
    assert before["stores"]["wisdom"]["schema_on_disk"] is None  # nothing created by asking
    assert {name: s["schema_on_disk"] for name, s in after["stores"].items()} == HEADS
    assert after["stores"]["staging"]["path"] == str(home / "abzu.db")


@pytest.mark.slow
@pytest.mark.parametrize(("args", "code", "expected"), [
    (["--version"], 0, f"abzu-mcp {VERSION}"),
    (["--help"], 0, "usage: abzu-mcp"),
])
def test_abzu_mcp_answers_help_and_version_without_serving(args: list[str], code: int, expected: str) -> None:
    done = subprocess.run([str(BIN / "abzu-mcp"), *args], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == code and done.stdout.startswith(expected)


@pytest.mark.slow
def test_abzu_mcp_refuses_unknown_arguments_with_usage_exit_2() -> None:
    done = subprocess.run([str(BIN / "abzu-mcp"), "--bogus"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "") and "unrecognized arguments: --bogus" in done.stderr


def test_mcp_server_info_carries_the_version(abzu_home: Path) -> None:
    # abzu_home: a tool call would open the data home: never the user's ~/.enki
    async def info() -> tuple[str, str]:
        async with Client(build_server()) as client:
            return client.server_info.name, client.server_info.version

    assert anyio.run(info) == ("abzu", VERSION)


@pytest.mark.slow
def test_forget_leaves_a_history_line_without_the_content(tmp_path: Path) -> None:
    home = tmp_path / "home"
    stored = abzu("remember", "Prefer hidden-word-xyzzy", "-c", "preference", "--json",
                  home=home, cwd=tmp_path)
    bead_id = json.loads(stored.stdout)["id"]

    done = abzu("forget", bead_id, "--yes", home=home, cwd=tmp_path)

    log = (home / "abzu.log").read_text()
    assert done.returncode == 0 and f"forgot {bead_id} (wisdom, preference" in log
    assert "xyzzy" not in log
