"""Root conftest: shared fixtures and the pytest-bdd step modules (registered only here)."""

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds
from tests.no_claude import NO_CLAUDE

# A developer's own ~/.enki/config.toml must never change what a test sees: settings read a config
# file that does not exist unless a test names its own (tests/e2e/test_config_cli.py).
os.environ["ABZU_CONFIG"] = str(Path(tempfile.gettempdir()) / "abzu-tests" / "no-config.toml")
# Nor may the machine's own Claude Code transcripts: status counts them, recover imports them.
os.environ["ABZU_CLAUDE_PROJECTS"] = str(Path(tempfile.gettempdir()) / "abzu-tests" / "no-claude-projects")
# Nor may the machine's own Claude Code (tests/no_claude.py); helpers that strip ABZU_* put it back.
os.environ["ABZU_CLAUDE_EXECUTABLE"] = NO_CLAUDE
# Nor whether the suite itself runs inside Claude Code's shell: CLAUDECODE=1 makes `abzu remember`,
# `edit` and `review --interactive` the agent's (entrypoints/actor.py); the tests that mean it set it.
os.environ.pop("CLAUDECODE", None)

# Hypothesis' per-example deadline is a wall-clock assertion: it failed on a loaded machine
# (678 ms against 200 ms at load 21) while the property held. Properties, not timings, are tested.
hypothesis_settings.register_profile("abzu", deadline=None)
hypothesis_settings.load_profile("abzu")

pytest_plugins = [
    "tests.bdd.steps.memory_steps",
    "tests.bdd.steps.memory_checks",
    "tests.bdd.steps.review_steps",
    "tests.bdd.steps.mcp_steps",
    "tests.bdd.steps.session_steps",
    "tests.bdd.steps.loop_steps",
    "tests.bdd.steps.anchor_steps",
    "tests.bdd.steps.delta_steps",
    "tests.bdd.steps.secret_steps",
    "tests.bdd.steps.scrub_steps",
    "tests.bdd.steps.manage_steps",
    "tests.bdd.steps.trust_steps",
    "tests.bdd.steps.capture_steps",
    "tests.bdd.steps.signal_steps",
    "tests.bdd.steps.enki_steps",
    "tests.bdd.steps.consumer_steps",
    "tests.bdd.steps.profile_steps",
    "tests.bdd.steps.completion_steps",
    "tests.bdd.steps.web_steps",
    "tests.bdd.steps.vouch_steps",
    "tests.team_fixtures",
    "tests.bdd.steps.team_steps",
]


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
def uow() -> FakeUnitOfWork:
    return FakeUnitOfWork()


@pytest.fixture
def ids() -> SequentialIds:
    return SequentialIds()


@pytest.fixture
def workspace() -> FixedWorkspace:
    return FixedWorkspace("/src/api")


@pytest.fixture
def abzu_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "abzu-home"
    monkeypatch.setenv("ABZU_HOME", str(home))
    return home


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A folder that looks like a git repository named `api`."""
    root = tmp_path / "src" / "api"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.fixture
def container(abzu_home: Path, repo: Path) -> Iterator[Container]:
    """The real composition root on SQLite files in tmp_path, working in `repo`."""
    c = build_container(Settings(home=abzu_home), cwd=repo)
    yield c
    c.shutdown_resources()
