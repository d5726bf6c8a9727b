"""Charts as plain SVG drawn on the server: no JavaScript, no chart library."""

from collections.abc import Mapping
from html import escape

WIDTH, HEIGHT, PAD = 420, 160, 24


def histogram(counts: Mapping[float, int], *, title: str) -> str:
    """Bars for `counts` (bucket → how many), buckets in ascending order, each labelled."""
    buckets = sorted(counts)
    if not buckets:
        return f'<svg role="img" aria-label="{escape(title)}" width="{WIDTH}" height="40">' \
               '<text x="4" y="24">no beads yet</text></svg>'
    top = max(counts.values()) or 1
    step = (WIDTH - 2 * PAD) / len(buckets)
    bars = [_bar(i, b, counts[b], top, step) for i, b in enumerate(buckets)]
    return (f'<svg role="img" aria-label="{escape(title)}" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" class="chart"><title>{escape(title)}</title>'
            f'{"".join(bars)}</svg>')


def _bar(index: int, bucket: float, count: int, top: int, step: float) -> str:
    room = HEIGHT - 2 * PAD
    height = room * count / top
    x, y = PAD + index * step, PAD + room - height
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{step * 0.8:.1f}" height="{height:.1f}">'
            f'<title>weight {bucket:g}: {count}</title></rect>'
            f'<text x="{x:.1f}" y="{HEIGHT - 6}" font-size="10">{bucket:g}</text>'
            f'<text x="{x:.1f}" y="{y - 3:.1f}" font-size="10">{count}</text>')

