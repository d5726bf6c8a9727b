"""Issue 20.4: the data home is private: folders 0700, databases, logs, spool, snapshots 0600."""

import os
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from returns.result import Success

from abzu.adapters.private_files import tighten_home
from abzu.application.remember import RememberRequest
from abzu.entrypoints.logs import configure_file_logging
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


def modes(home: Path) -> dict[str, int]:
    found = {}
    for folder, dirs, files in os.walk(home):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            found[str(path.relative_to(home))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def use_every_file(home: Path, repo: Path) -> None:
    """Stores, WAL/SHM, the log, a review snapshot and a journal entry all come into being."""
    container = build_container(Settings(home=home), cwd=repo)
    configure_file_logging(home / "abzu.log")
    assert isinstance(container.remember().execute(RememberRequest("prefer uv", "preference")), Success)
    container.review.snapshots().take("test")
    from abzu.adapters.spool.raw_writer import write_entry

    write_entry(home / "spool", "event", "{}")
    with closing(container.wisdom_store().open_connection()):  # WAL and SHM exist while one is open
        assert (home / "wisdom.db-wal").exists()
        found = modes(home)
    container.shutdown_resources()
    assert {"wisdom.db", "wisdom.db-wal", "wisdom.db-shm", "abzu.db", "abzu.log"} <= set(found)
    assert any(name.startswith("snapshots/") for name in found)
    assert any(name.startswith("spool/") for name in found)
    loose = {name: oct(mode) for name, mode in found.items() if mode & 0o077}
    assert loose == {}


@pytest.fixture
def open_parent() -> Iterator[Path]:
    """A folder everyone may traverse (0755), so only Abzu's own modes keep others out."""
    parent = Path(tempfile.mkdtemp(prefix="abzu-perm-", dir="/tmp"))
    parent.chmod(0o755)
    yield parent
    shutil.rmtree(parent, ignore_errors=True)


def test_a_new_home_and_everything_in_it_is_private(abzu_home: Path, repo: Path) -> None:
    use_every_file(abzu_home, repo)
    assert stat.S_IMODE(abzu_home.stat().st_mode) == 0o700


def test_an_existing_loose_home_is_tightened_on_open(abzu_home: Path, repo: Path) -> None:
    use_every_file(abzu_home, repo)
    for path in (abzu_home, abzu_home / "spool", abzu_home / "wisdom.db", abzu_home / "abzu.log"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    assert len(looser_than_private(abzu_home)) == 4
    tighten_home(abzu_home)
    assert looser_than_private(abzu_home) == []


def looser_than_private(home: Path) -> list[Path]:
    """Everything in the home whose mode lets another user in."""
    everything = (home, *home.rglob("*"))
    return [p for p in everything if not p.is_symlink() and stat.S_IMODE(p.stat().st_mode) & 0o077]


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None,
                    reason="needs root and setpriv to act as a second user")
def test_a_second_local_user_can_read_nothing(open_parent: Path, repo: Path) -> None:
    home = open_parent / "enki"
    use_every_file(home, repo)
    control = open_parent / "control.txt"
    control.write_text("readable")
    control.chmod(0o644)

    def as_nobody(path: Path) -> int:
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "cat", str(path)]
        return subprocess.run(command, capture_output=True, check=False).returncode

    assert as_nobody(control) == 0  # the second user really can read what is not private
    assert as_nobody(home / "wisdom.db") != 0
    os.chmod(home, 0o755)  # even with the folder opened by mistake, the files stay closed
    assert [p.name for p in home.iterdir() if p.is_file() and as_nobody(p) == 0] == []
