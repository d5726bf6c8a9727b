"""`abzu remember` loads only what storing a memory needs (issue 13, import diet): no
`dataclasses` (and with it no `inspect`, `ast`, `dis`, `tokenize`), no `ctypes` or `signal` while
no other writer holds the write gate, no `json` for a memory without tags, no logging on a
success."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.hook_driver import ClaudeCode

pytestmark = pytest.mark.e2e

# What a plain remember must not import; each was on its path before the diet.
NOT_LOADED = {"dataclasses", "inspect", "ast", "dis", "tokenize", "ctypes", "signal", "json", "logging",
              "traceback"}


def _remember_modules(cc: ClaudeCode, text: str) -> tuple[set[str], str]:
    probe = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", "remember", "-",
         "--category", "decision"],
        input=text, capture_output=True, text=True, cwd=cc.project, env=cc.env, timeout=60,
        check=False)
    assert probe.returncode == 0, probe.stderr[-800:]
    return {line.split("|")[-1].strip() for line in probe.stderr.splitlines() if "|" in line}, probe.stdout


def test_remember_stores_a_memory_without_the_modules_it_does_not_need(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    assert cc.cli("remember", "Pin the sqlite version in CI", "-c", "decision").returncode == 0
    modules, out = _remember_modules(cc, "Run the migrations before the smoke tests")
    assert out.startswith("Stored ")
    assert cc.query("SELECT count(*) FROM bead_candidates WHERE content LIKE 'Run the migrations%'") == [(1,)]
    assert NOT_LOADED & modules == set()
    assert "abzu.domain.redaction" in modules  # the probe saw the whole path, redaction included
