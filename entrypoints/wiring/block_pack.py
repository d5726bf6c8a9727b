"""Taking the rendered recall pack (adapters/rendered_pack.py): the session-start block rendered
by the use case itself, with a placeholder fence nonce, and how long it stays what a live start
would render.

The placeholder is proven to stand only where fences are: a second render with another nonce
must differ exactly by the nonce, so stored text that happened to hold it leaves no pack. The
block changes with time only at thresholds (the "review due" line; decay is by day), so the
first moment it reads differently is found by bisection within the UTC day.
"""

from collections.abc import Callable
from datetime import datetime, time, timedelta
from typing import Any

from abzu.adapters.rendered_pack import STAMP_TITLE
from abzu.application.sessions.injected import Injected
from abzu.domain.injection import PLANS
from abzu.domain.quoting import new_fence
from abzu.domain.sessions.render import stamp

Render = Callable[[datetime, str], Injected]
NO_CRASH_SHOWN = 1e18  # a tier without "Last session" never shows a crashed one either
_STEPS = 20  # a day in ~0.1 s


def take_block(render: Render, at: datetime, answers: dict[Any, Any]) -> dict[str, object] | None:
    """The pack's block fields, or None when the block cannot be packed safely.
    `answers`: what the renders asked the stores (the last session, for the crash check)."""
    fence, other = new_fence(), new_fence()
    first = render(at, fence)
    if fence == other or render(at, other).text != first.text.replace(fence, other):
        return None  # the nonce is also somewhere that is not a fence
    if first.text.count(STAMP_TITLE.format(stamp(at))) != 1:
        return None  # the stamp could not be told apart from stored text
    return {
        "text": first.text, "fence": fence, "stamp": stamp(at), "tier": first.tier.value,
        "collapsed": first.collapsed, "day": at.date().isoformat(),
        "until": _constant_until(render, at, fence, first.text).timestamp(),
        "last_summary_at": _last_summary_at(first, answers),
    }


def _constant_until(render: Render, at: datetime, fence: str, text: str) -> datetime:
    """The last moment known to render `text` (stamp aside): the end of the UTC day, or just
    before the first threshold the bisection finds."""
    def same(moment: datetime) -> bool:
        shown = render(moment, fence).text.replace(STAMP_TITLE.format(stamp(moment)), "", 1)
        return shown == text.replace(STAMP_TITLE.format(stamp(at)), "", 1)

    end = datetime.combine(at.date() + timedelta(days=1), time(), tzinfo=at.tzinfo)
    if same(end - timedelta(microseconds=1)):
        return end
    low, high = at, end
    for _ in range(_STEPS):
        middle = low + (high - low) / 2
        low, high = (middle, high) if same(middle) else (low, middle)
    return low


def _last_summary_at(block: Injected, answers: dict[Any, Any]) -> float | None:
    if not PLANS[block.tier].last_session:
        return NO_CRASH_SHOWN
    found = [v for k, v in answers.items() if k[0] == "last_session"]
    return found[0].created_at.timestamp() if found and found[0] is not None else None
