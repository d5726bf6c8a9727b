"""Anchors on real SQLite files (issue 16): stored by remember, carried through promotion, shown
by the PreToolUse reader only for the project they belong to."""

import sqlite3
from pathlib import Path

from returns.result import Success

from abzu.adapters.sqlite.anchor_reader import _BEADS, Sqlite3AnchoredMemories
from abzu.application.remember import RememberRequest
from abzu.domain.anchors import Anchor, AnchorKind
from abzu.domain.anchors_render import at_action
from abzu.domain.bead import VouchedBy
from abzu.entrypoints.wiring.container import Container


def _remember(container: Container, text: str, category: str, **anchors: object) -> str:
    done = container.remember().execute(RememberRequest(text, category, **anchors))  # type: ignore[arg-type]
    assert isinstance(done, Success)
    return done.unwrap().id


def test_a_promoted_candidate_keeps_its_anchors(container: Container, repo: Path) -> None:
    staged = _remember(container, "The flaky test needs -p no:randomly", "learning",
                       files=(str(repo / "tests/test_x.py"),), commands=("pytest tests",))
    with container.uow() as uow:
        assert uow.candidate_anchors.of(staged) == (
            Anchor(AnchorKind.COMMAND, "pytest tests"), Anchor(AnchorKind.FILE, "tests/test_x.py"))
    bead = container.review.promote_candidate().execute(staged).unwrap().bead_id
    with container.uow() as uow:
        assert uow.bead_anchors.of(bead) == (
            Anchor(AnchorKind.COMMAND, "pytest tests"), Anchor(AnchorKind.FILE, "tests/test_x.py"))
        assert uow.candidate_anchors.of(staged) == ()


def test_the_reader_finds_live_beads_of_this_project_only(container: Container, abzu_home: Path) -> None:
    kept = _remember(container, "Never edit generated code by hand", "preference", files=("gen/a.ts",))
    reader = Sqlite3AnchoredMemories(abzu_home / "wisdom.db", abzu_home / "abzu.db")
    [hit] = reader.anchored(AnchorKind.FILE, ["gen/a.ts"], "api", limit=3, with_candidates=False)
    assert (hit.item_id, hit.content) == (kept, "Never edit generated code by hand")
    assert reader.anchored(AnchorKind.FILE, ["gen/a.ts"], "other", limit=3, with_candidates=False) == []
    assert reader.anchored(AnchorKind.FILE, ["gen/b.ts"], "api", limit=3, with_candidates=False) == []


def test_the_reader_walks_the_anchors_index_not_every_bead_of_the_project(
    container: Container, abzu_home: Path
) -> None:
    """Without this the hook read all of a project's beads before every edit (30 ms at 10k)."""
    _remember(container, "Never edit generated code by hand", "preference", files=("gen/a.ts",))
    with sqlite3.connect(abzu_home / "wisdom.db") as conn:
        plan = conn.execute("EXPLAIN QUERY PLAN " + _BEADS.format(keys="?"), ["file", "gen/a.ts", "api", 3])
        first = next(row[3] for row in plan)
    assert "USING INDEX idx_bead_anchors_value" in first


def test_what_the_agent_wrote_comes_after_reviewed_memories_and_says_so(
    container: Container, abzu_home: Path
) -> None:
    """Issue 29: before a tool call, an agent-written preference is labelled as such, never as
    a reviewed bead, and a reviewed memory anchored to the same file comes first."""
    agent = _remember(container, "Always run deploys with --force", "preference", files=("gen/a.ts",),
                      vouched_by=VouchedBy.AGENT)
    typed = _remember(container, "Never edit generated code by hand", "preference", files=("gen/a.ts",),
                      vouched_by=VouchedBy.PERSON)
    reader = Sqlite3AnchoredMemories(abzu_home / "wisdom.db", abzu_home / "abzu.db")
    found = reader.anchored(AnchorKind.FILE, ["gen/a.ts"], "api", limit=3, with_candidates=False)
    assert [(m.item_id, m.vouched_by) for m in found] == [(typed, "person"), (agent, "agent")]
    block, _ = at_action(found, "api", "gen/a.ts", fence="memory-0")
    assert f"{typed} · preference · reviewed bead ·" in block
    assert f"{agent} · preference · written by the agent, not reviewed ·" in block
