"""`abzu remember` loads only what storing a memory needs (issue 13, import diet): no `ctypes` or
`signal` while no other writer holds the write gate, no `json` for a memory without tags, no
logging on a success."""

from pathlib import Path

import pytest

from tests.e2e.hook_driver import ClaudeCode
from tests.e2e.test_recall_import_diet import modules_of

pytestmark = pytest.mark.e2e

# What a plain remember must not import; each was on its path before the diet.
NOT_LOADED = {"ctypes", "signal", "json", "logging", "traceback"}


def test_remember_stores_a_memory_without_the_modules_it_does_not_need(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    assert cc.cli("remember", "Pin the sqlite version in CI", "-c", "decision").returncode == 0
    modules, out = modules_of(cc, "remember", "-", "--category", "decision",
                             stdin="Run the migrations before the smoke tests")
    assert out.startswith("Stored ")
    assert cc.query("SELECT count(*) FROM bead_candidates WHERE content LIKE 'Run the migrations%'") == [(1,)]
    assert NOT_LOADED & modules == set()
    assert "abzu.domain.redaction" in modules  # the probe saw the whole path, redaction included
