"""Open loops (issue 29) on real stores: session start shows them, a dismissal or a later
session that resolves one drops it from the next start, and the CLI lists and dismisses them."""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from abzu.adapters.workspace import GitWorkspace
from abzu.application.sessions.finalize_session import FinalizeRequest
from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.application.sessions.update_pre_compact_summary import PreCompactSnapshot
from abzu.domain.ranking import RankingPolicy
from abzu.domain.sessions.record import HookEvent, SessionEvent
from abzu.entrypoints.wiring.container import Container
from abzu.entrypoints.wiring.hook_cases import HookUseCases
from tests.e2e.cli import Cli
from tests.fakes import FixedClock

FENCE = "memory-0123abcd"
LEFT_OPEN = """Open tasks (1):
- Write the migration guide
Unresolved errors (1):
- Bash `npm run build`: Error: Cannot find module 'zod'"""


def _finalize(container: Container, session_id: str, notes: str) -> None:
    now = container.clock().now()
    with container.sessions.uow() as uow:
        project = container.workspace().root()
        uow.sessions.record(SessionEvent(session_id, HookEvent.SESSION_START, now, None, project), "api")
        uow.commit()
    snapshot = PreCompactSnapshot(session_id, notes, None, "api")
    container.sessions.update_pre_compact_summary().execute(snapshot)
    container.sessions.finalize_session().execute(FinalizeRequest(session_id))


@pytest.fixture
def light(container: Container, abzu_home: Path, repo: Path) -> HookUseCases:
    Cli(container)("recall", "anything")  # registers the repository as project "api"
    _finalize(container, "s-earlier", LEFT_OPEN)
    return HookUseCases(str(abzu_home), GitWorkspace(repo), FixedClock(container.clock().now()),
                         RankingPolicy())


def _loops(block: str) -> str:
    return block.split("Last session:")[0]  # the loops come before the last session's summary


def _live(light: HookUseCases) -> str:
    use_case = replace(light.session_start(), fences=lambda: FENCE)
    return use_case.execute(SessionStartRequest("s-new")).text


def test_session_start_shows_the_loops_and_a_dismissal_drops_one(
    light: HookUseCases, container: Container,
) -> None:
    live = _live(light)
    assert "Write the migration guide" in live and "Bash `npm run build`" in live

    [task] = [lp for lp in Cli(container)("loops", "--json").json()["loops"] if lp["kind"] == "task"]
    assert Cli(container)("loops", "done", task["id"]).stdout.strip() == f"dismissed {task['id']}"

    text = _loops(_live(light))
    assert "Write the migration guide" not in text and "Bash `npm run build`" in text


def test_a_later_session_that_resolves_a_loop_drops_it_from_the_next_start(
    light: HookUseCases, container: Container,
) -> None:
    assert "npm run build" in _loops(_live(light))
    fixed = "Fixed (1):\n- Bash `npm run build`: exit 1 → fixed by: Edit package.json"
    _finalize(container, "s-later", fixed)
    assert "npm run build" not in _loops(_live(light))


def test_the_cli_lists_loops_and_refuses_an_unknown_id_in_one_line(
    light: HookUseCases, container: Container,
) -> None:
    cli = Cli(container)
    listed = cli("loops")
    assert listed.code == 0 and "Write the migration guide" in listed.stdout
    assert re.search(r"^l-\w+  unresolved error  session s-earlie", listed.stdout, re.M)
    refused = cli("loops", "done", "l-missing")
    assert refused.code == 1
    assert refused.stderr.strip() == "error: no open loop 'l-missing' (see `abzu loops`)"
    assert cli("loops", "--all", "--project", "api").code == 1
    assert "No open loops in project elsewhere." in cli("loops", "--project", "elsewhere").stdout
