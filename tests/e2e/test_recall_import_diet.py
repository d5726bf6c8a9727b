"""`abzu recall` loads only what its answer needs (issue 13, import diet): logging waits for a
line to be written, and then still writes it to the data home's log file, never to stderr."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.hook_driver import ClaudeCode

pytestmark = pytest.mark.e2e


def modules_of(cc: ClaudeCode, *args: str, stdin: str | None = None) -> tuple[set[str], str]:
    """The modules an `abzu …` command imported (from -X importtime), and what it printed."""
    probe = subprocess.run([sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", *args],
                           input=stdin, capture_output=True, text=True, cwd=cc.project, env=cc.env,
                           timeout=60, check=False)
    assert probe.returncode == 0, probe.stderr[-800:]
    return {line.split("|")[-1].strip() for line in probe.stderr.splitlines() if "|" in line}, probe.stdout


def test_recall_answers_without_logging(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    assert cc.cli("remember", "Pin the sqlite version in CI", "-c", "decision").returncode == 0
    modules, out = modules_of(cc, "recall", "sqlite")
    assert "Pin the sqlite version in CI" in out
    assert {"logging", "traceback"} & modules == set()  # (-m itself loads importlib.util)
    assert "ctypes" not in modules


LATER_LINE = """
import sys
from pathlib import Path
from abzu.entrypoints.log_on_import import configure_file_logging_on_import

configure_file_logging_on_import(Path(sys.argv[1]))
assert "logging" not in sys.modules
import logging

logging.getLogger("abzu").warning("written after a lazy start")
"""


def test_a_line_written_after_logging_loads_late_reaches_the_log_file(tmp_path: Path) -> None:
    log = tmp_path / "home" / "abzu.log"
    done = subprocess.run([sys.executable, "-c", LATER_LINE, str(log)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "WARNING abzu written after a lazy start" in log.read_text(encoding="utf-8")
