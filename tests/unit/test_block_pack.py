"""Taking the rendered recall pack: the fence placeholder must stand only where fences are, the
time stamp must be unambiguous, and the pack lasts only as long as the block reads the same."""

from datetime import UTC, datetime, timedelta

from abzu.adapters import rendered_pack
from abzu.application.sessions.injected import Injected
from abzu.domain.injection import Tier
from abzu.domain.sessions.render import stamp
from abzu.entrypoints.wiring.block_pack import take_block

AT = datetime(2026, 11, 26, 9, 30, tzinfo=UTC)
DUE_AT = datetime(2026, 11, 26, 15, 0, tzinfo=UTC)


def block(text: str) -> Injected:
    return Injected(text, Tier.STANDARD, "api", False, 0)


def render(at: datetime, fence: str) -> Injected:
    due = "; mini-review due" if at >= DUE_AT else ""
    return block(f"[abzu-memory] session start ({stamp(at)}){due}\n<{fence}>note</{fence}>")


def test_a_block_that_never_changes_lasts_the_day_and_fills_in_a_new_time_and_fence() -> None:
    def steady(at: datetime, fence: str) -> Injected:
        return block(f"[abzu-memory] session start ({stamp(at)})\n<{fence}>note</{fence}>")

    pack = take_block(steady, AT, {})
    assert pack is not None and pack["until"] == datetime(2026, 11, 27, tzinfo=UTC).timestamp()
    later = AT + timedelta(hours=3)
    filled = rendered_pack.fill(pack, now=later.timestamp(), fence="memory-feedf00d")
    assert filled == steady(later, "memory-feedf00d").text


def test_the_pack_ends_before_the_review_due_line_would_appear() -> None:
    pack = take_block(render, AT, {})
    assert pack is not None
    until = float(str(pack["until"]))
    assert until <= DUE_AT.timestamp() and DUE_AT.timestamp() - until < 1


def test_stored_text_holding_the_nonce_leaves_no_pack() -> None:
    """A render whose data happens to hold the placeholder: replacing it would alter stored text."""
    seen: list[str] = []

    def echoing(at: datetime, fence: str) -> Injected:
        seen.append(fence)
        return block(f"[abzu-memory] session start ({stamp(at)})\n<{fence}>{seen[0]}</{fence}>")

    assert take_block(echoing, AT, {}) is None


def test_a_stamp_that_also_appears_in_stored_text_leaves_no_pack() -> None:
    def quoting(at: datetime, fence: str) -> Injected:
        shown = f"session start ({stamp(at)})"
        return block(f"[abzu-memory] {shown}\n<{fence}>copied: {shown}</{fence}>")

    assert take_block(quoting, AT, {}) is None
