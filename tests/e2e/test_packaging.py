"""The non-editable install a user gets (`pipx install .` builds this same wheel): the wheel holds
every module and data file, and its `abzu` works from an empty venv (issue 19).

Slow (a wheel build) and serial: it runs in CI's second, single-process phase."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.serial, pytest.mark.e2e]
ROOT = Path(__file__).resolve().parents[2]
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
SKIP = shutil.ignore_patterns(".venv", "build", "*.egg-info", ".git", "__pycache__", ".*_cache")


def run(*args: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600,
                          env=env, cwd=cwd)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def built_wheel(tmp_path: Path) -> Path:
    """Built from a copy: the wheel build writes build/ beside the sources."""
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=SKIP)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
        "-w", tmp_path / "dist", source)
    [wheel] = (tmp_path / "dist").glob("abzu-*.whl")
    return wheel


def venv_with(wheel: Path, tmp_path: Path) -> Path:
    """An empty venv holding only the wheel; its dependencies come from this test run's venv
    (a `.pth` line adds that site-packages after the venv's own, without its editable hook)."""
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel)
    own = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip()
    (Path(own) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def test_the_built_wheel_installs_and_runs_outside_the_source_tree(tmp_path: Path) -> None:
    venv = venv_with(built_wheel(tmp_path), tmp_path)
    env = {**os.environ, "ABZU_HOME": str(tmp_path / "home"), "COLUMNS": "160"}
    abzu, cwd = venv / "bin" / "abzu", tmp_path

    assert run(abzu, "--version", env=env, cwd=cwd).startswith("abzu ")
    where = run(venv / "bin" / "python", "-c", "import abzu.entrypoints as e; print(e.__file__)", cwd=cwd)
    assert where.startswith(str(venv))  # the wheel's copy, not the sources
    run(abzu, "remember", "Prefer SQLite WAL mode", "--category", "preference", env=env, cwd=cwd)
    assert "Prefer SQLite WAL mode" in run(abzu, "recall", "sqlite", env=env, cwd=cwd)
    assert run(venv / "bin" / "abzu-mcp", "--version", env=env, cwd=cwd).startswith("abzu-mcp ")
    opened = subprocess.run([abzu, "mcp"], input=json.dumps(INITIALIZE) + "\n", capture_output=True,
                            text=True, env=env, cwd=cwd, timeout=600)
    answer = json.loads(opened.stdout.splitlines()[0])
    assert answer["result"]["serverInfo"]["name"] == "abzu" and opened.returncode == 0
