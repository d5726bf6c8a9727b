"""The server's default project is the one Claude Code works in, resolved as the CLI resolves it."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from abzu.entrypoints.cli.app import create_app
from abzu.entrypoints.mcp_server.server import build_server
from tests.mcp_support import call, ok


@pytest.fixture
def web(tmp_path: Path) -> Path:
    root = tmp_path / "src" / "web"
    (root / ".git").mkdir(parents=True)
    (root / "pkg").mkdir()
    return root


def remembered_project(content: str) -> object:
    return ok(call(build_server(), "enki_remember", {"content": content, "category": "fix"}))["project"]


def test_claude_project_dir_wins_over_the_working_directory(
    abzu_home: Path, repo: Path, web: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo)
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(web / "pkg"))
    assert remembered_project("Retry the flaky upload test twice") == "web"


def test_without_it_the_working_directory_decides(
    abzu_home: Path, web: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    monkeypatch.chdir(web / "pkg")
    assert remembered_project("Retry the flaky upload test twice") == "web"


def test_cli_and_mcp_share_one_memory_per_repository(
    abzu_home: Path, web: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    monkeypatch.chdir(web)
    ok(call(build_server(), "enki_remember", {"content": "Bump pydantic with care", "category": "fix"}))
    shown = CliRunner().invoke(create_app(), ["recall", "pydantic", "--json"])
    assert shown.exit_code == 0 and '"project": "web"' in shown.output
