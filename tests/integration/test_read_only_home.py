"""Issue 20.10: a data home nobody may write still answers status and recall; a remember says why."""

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from returns.result import Success

from abzu.adapters.sqlite.connect import StorageError
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


def chattr(flag: str, path: Path) -> bool:
    tool = shutil.which("chattr")
    return tool is not None and subprocess.run([tool, flag, str(path)], capture_output=True).returncode == 0


@pytest.fixture
def frozen_home(abzu_home: Path, repo: Path) -> Iterator[Path]:
    """A home with one memory, then made immutable (even root cannot write into it)."""
    container = build_container(Settings(home=abzu_home), cwd=repo)
    assert isinstance(container.remember().execute(RememberRequest("prefer uv", "preference")), Success)
    container.shutdown_resources()
    if not chattr("+i", abzu_home):
        pytest.skip("this file system cannot make a folder immutable")
    yield abzu_home
    chattr("-i", abzu_home)


def test_recall_and_status_work_and_a_remember_fails_in_words(frozen_home: Path, repo: Path) -> None:
    container = build_container(Settings(home=frozen_home), cwd=repo)
    found = container.recall().execute(RecallRequest("uv")).unwrap()
    assert [h.hit.content for h in found.hits] == ["prefer uv"]
    assert container.status().execute().beads.by_category == {"preference": 1}
    with pytest.raises(StorageError, match=r"^the data home is read-only: memories can be recalled"):
        container.remember().execute(RememberRequest("another", "preference"))
    container.shutdown_resources()
