"""The injection budget (spec §7): tier budgets, the 9,500-character cap, collapsing summaries."""

import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from abzu.application.sessions.hook_ports import ProjectState
from abzu.application.sessions.inject_post_compact import InjectPostCompact, PostCompactRequest
from abzu.application.sessions.inject_session_start import InjectSessionStart, SessionStartRequest
from abzu.domain.extraction.transcript import ABZU_CONTEXT_MARKER
from abzu.domain.injection import HARD_CAP, PLANS, Section, Tier, assemble, clip
from abzu.domain.sessions.fit import Collapse, fit_summaries
from abzu.domain.sessions.render import neutralised, render_summary, snapshot_title
from abzu.domain.sessions.summary import SessionSummary
from tests.fakes import FixedClock, FixedWorkspace
from tests.session_fakes import (
    FakeContext,
    FakePersona,
    FakeProjectFiles,
    FakeTranscripts,
    RecordingJournal,
)
from tests.unit.session_builders import hit, snapshot

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6_000)
tiers = st.sampled_from(list(Tier))


FENCE = "memory-00000000"


def render(s: SessionSummary) -> str:
    return render_summary(neutralised(s), snapshot_title(s), FENCE)


def same_fence(block: str) -> str:
    """The block with its random fence name replaced by `FENCE`, to compare with `render`."""
    return re.sub(r"memory-[0-9a-f]{8}", FENCE, block)


def test_tier_parsing_is_lenient_and_defaults_to_standard() -> None:
    assert Tier.parse(" FULL\n") is Tier.FULL
    assert Tier.parse("minimal") is Tier.MINIMAL
    assert Tier.parse("gigantic") is Tier.STANDARD
    assert Tier.parse(None) is Tier.STANDARD


def test_tier_totals_follow_the_spec_table_under_the_hard_cap() -> None:
    assert PLANS[Tier.MINIMAL].total_chars == 8_000  # ~2,000 tokens
    assert PLANS[Tier.STANDARD].total_chars == HARD_CAP  # ~5,000 tokens, capped
    assert PLANS[Tier.FULL].total_chars == HARD_CAP  # ~9,000 tokens, capped


def test_clip_keeps_head_and_tail_within_the_limit() -> None:
    clipped = clip("BEGIN " + "x" * 5_000 + " END", 300)
    assert len(clipped) <= 300 and clipped.startswith("BEGIN") and clipped.endswith("END")


def test_items_that_do_not_fit_are_counted_as_more_via_recall() -> None:
    items = tuple(f"- item {i} " + "y" * 300 for i in range(40))
    done = assemble("[abzu-memory]", [Section("Memory:", 10_000, items=items)], budget=2_000)
    assert len(done.text) <= 2_000
    assert done.omitted_items > 0
    assert done.text.endswith(f"{done.omitted_items} more items via recall (enki_recall).")


def test_everything_fits_then_nothing_collapses() -> None:
    summaries = [snapshot(1, talk="We chose SQLite."), snapshot(2, talk="Now the API.")]
    fit = fit_summaries(summaries, 10_000, render)
    assert fit.collapse is Collapse.NONE
    assert "We chose SQLite." in fit.text and "Now the API." in fit.text


def test_over_budget_keeps_the_latest_whole_and_condenses_the_rest() -> None:
    earlier = [snapshot(i, talk=f"We decided to use cache layer {i}. " + "filler " * 200) for i in (1, 2, 3)]
    latest = snapshot(4, talk="Current work: wiring the refresh token rotation in auth.py.")
    fit = fit_summaries([*earlier, latest], 2_500, render)
    assert fit.collapse is Collapse.CONDENSED
    assert render(latest) in fit.text
    assert "condensed" in fit.text and "We decided to use cache layer 1." in fit.text


def test_when_condensed_is_still_too_long_only_key_decisions_remain() -> None:
    earlier = [snapshot(i, talk=f"We decided to use option {i} " + "z" * 150 + ". Files a{i}.py")
               for i in range(1, 30)]
    latest = snapshot(30, talk="Latest state " + "w" * 1_500)
    fit = fit_summaries([*earlier, latest], 2_200, render)
    assert fit.collapse is Collapse.DECISIONS
    assert render(latest) in fit.text and len(fit.text) <= 2_200


@settings(max_examples=300, deadline=None)
@given(talks=st.lists(text, min_size=1, max_size=10), notes=text, budget=st.integers(0, 12_000))
def test_fitted_summaries_never_exceed_the_budget_and_keep_the_latest_when_it_fits(
    talks: list[str], notes: str, budget: int
) -> None:
    summaries = [snapshot(i + 1, talk=t, notes=notes if i % 2 else None) for i, t in enumerate(talks)]
    fit = fit_summaries(summaries, budget, render)
    assert len(fit.text) <= budget
    if len(render(summaries[-1])) <= budget:
        assert render(summaries[-1]) in fit.text


@settings(max_examples=150, deadline=None)
@given(talks=st.lists(text, min_size=1, max_size=8), notes=text, tier=tiers,
       persona=text, gates=text, goal=text)
def test_post_compact_injection_never_exceeds_the_budgets(
    talks: list[str], notes: str, tier: Tier, persona: str, gates: str, goal: str
) -> None:
    summaries = [snapshot(i + 1, talk=t, notes=notes) for i, t in enumerate(talks)]
    sut = InjectPostCompact(
        FakeContext(summaries=summaries), RecordingJournal(),
        FakeProjectFiles(ProjectState(goal=goal, gates=gates, tier=tier.value)), FakePersona(persona),
        FixedWorkspace(), FixedClock(),
    )
    injected = sut.execute(PostCompactRequest("sess-now"))
    assert len(injected.text) <= min(PLANS[tier].total_chars, HARD_CAP)
    assert injected.text.startswith(ABZU_CONTEXT_MARKER + "\n")
    # Persona, gates and state are capped (≤ 4,000 characters together), so a latest summary
    # this short always has room, whatever else is loaded (without its conversational state:
    # that is Claude Code's own summary of this compaction, already in its context).
    latest = render(replace(summaries[-1], conversational_state=None))
    if len(latest) <= 4_000:
        assert latest in same_fence(injected.text)


@settings(max_examples=100, deadline=None)
@given(last=text, tier=tiers, persona=text, items=st.lists(text, max_size=12))
def test_session_start_injection_never_exceeds_the_budgets(
    last: str, tier: Tier, persona: str, items: list[str]
) -> None:
    previous = snapshot(1, session="sess-before", talk=last, final=True)
    hits = [hit(f"b-{i}", t or "x", strength=10.0 - i / 10) for i, t in enumerate(items)]
    sut = InjectSessionStart(
        FakeContext(last=previous, hits=hits), RecordingJournal(),
        FakeProjectFiles(ProjectState(goal="ship it", tier=tier.value)), FakePersona(persona),
        FixedWorkspace(), FakeTranscripts(), FixedClock(),
    )
    injected = sut.execute(SessionStartRequest("sess-now"))
    assert len(injected.text) <= min(PLANS[tier].total_chars, HARD_CAP)
    assert injected.text.startswith(ABZU_CONTEXT_MARKER + "\n")
