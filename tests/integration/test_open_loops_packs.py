"""Open loops (issue 29) on real stores: both session-start paths (the live one and the recall
packs finalisation leaves) show them, a change in the loops makes a pack stale, and the CLI
lists and dismisses them."""

import json
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
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks import fast_start
from abzu.entrypoints.wiring.container import Container
from abzu.entrypoints.wiring.light import LightUseCases
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
def light(container: Container, abzu_home: Path, repo: Path) -> LightUseCases:
    Cli(container)("recall", "anything")  # registers the repository as project "api"
    _finalize(container, "s-earlier", LEFT_OPEN)
    return LightUseCases(DataHome.at(abzu_home), GitWorkspace(repo), FixedClock(container.clock().now()),
                         RankingPolicy())


def _packed(light: LightUseCases, repo: Path, monkeypatch: pytest.MonkeyPatch) -> str | None:
    monkeypatch.setattr(fast_start, "start_detached", lambda argv, cwd=None: None)
    raw = json.dumps({"session_id": "s-new", "cwd": str(repo), "source": "startup"})
    out = fast_start.run(raw, light.home, fence=FENCE, now=light.clock.now())
    return None if out is None else str(out["hookSpecificOutput"]["additionalContext"])


def _loops(block: str) -> str:
    return block.split("Last session:")[0]  # the loops come before the last session's summary


def _live(light: LightUseCases, *, from_pack: bool = False) -> str:
    use_case = replace(light.session_start(from_pack=from_pack), fences=lambda: FENCE)
    return use_case.execute(SessionStartRequest("s-new")).text


def test_both_session_start_paths_show_the_loops_and_a_dismissal_makes_the_packs_stale(
    light: LightUseCases, container: Container, repo: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert light.write_pack()
    live = _live(light)
    assert "Write the migration guide" in live and "Bash `npm run build`" in live
    assert _packed(light, repo, monkeypatch) == live  # the rendered block
    assert _live(light, from_pack=True) == live  # the answers pack

    [task] = [lp for lp in Cli(container)("loops", "--json").json()["loops"] if lp["kind"] == "task"]
    assert Cli(container)("loops", "done", task["id"]).stdout.strip() == f"dismissed {task['id']}"

    assert _packed(light, repo, monkeypatch) is None  # stale: the hook runs the live path
    for text in (_loops(_live(light)), _loops(_live(light, from_pack=True))):
        assert "Write the migration guide" not in text and "Bash `npm run build`" in text


def test_a_later_session_that_resolves_a_loop_makes_the_pack_stale(
    light: LightUseCases, container: Container, repo: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert light.write_pack()
    fixed = "Fixed (1):\n- Bash `npm run build`: exit 1 → fixed by: Edit package.json"
    _finalize(container, "s-later", fixed)
    assert _packed(light, repo, monkeypatch) is None
    assert "npm run build" not in _loops(_live(light))


def test_the_cli_lists_loops_and_refuses_an_unknown_id_in_one_line(
    light: LightUseCases, container: Container,
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
