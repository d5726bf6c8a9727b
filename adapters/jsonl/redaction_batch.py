"""Redacting many short windows in a few engine passes (issue 13, ingest ≤ 6 s).

A transcript yields tens of thousands of short windows to redact (paths, commands, replies,
output excerpts), and the engine's cost is mostly per call (its index, its gates, its scanners'
set-up), not per character: 40k windows of the 100 MB bench cost 2.3 s one by one, 0.8 s joined.
So the windows of a batch of lines are joined with SEPARATOR and redacted as one text, then split.

The separator starts and ends with a newline, which no token, key or prose rule matches across;
gates and context words only open more rules, never fewer, so a window's neighbours can add a
redaction but not remove one. Should a finding or a `<private>` span reach over a separator
anyway, the output has fewer separators than the input had and the whole group is redacted
window by window instead; a window that holds the separator itself is never joined, so the
count cannot be fooled. Either way each window's result is at least its own redaction.
"""

from collections import OrderedDict
from contextlib import suppress

from abzu.domain.redaction import redact

SEPARATOR = "\n\x1e\n"  # U+001E RECORD SEPARATOR between newlines
GROUP_CHARS = 64 * 1024  # joined text per engine call: past this, joining gains nothing
# Paths, commands and short replies recur all through a transcript (the 100 MB bench asks for
# 63k redactions, 23k of them repeats): a short window is redacted once per process. ≤ 4 MB.
MEMO_CHARS, MEMO_SIZE = 512, 4096
_memo: OrderedDict[str, str] = OrderedDict()


class RedactionBatch:
    """Windows added while lines are mapped; `run` redacts them all, `get` hands them back."""

    def __init__(self) -> None:
        self._done: dict[str, str] = {}
        self._pending: dict[str, None] = {}  # insertion-ordered set of windows not yet redacted

    def add(self, window: str) -> None:
        if window and window not in self._done:
            known = _memo.get(window)
            if known is None:
                self._pending[window] = None
            else:
                self._done[window] = known

    def get(self, window: str) -> str:
        """The redacted window; one never added is redacted now (never returned as it was)."""
        if not window:
            return window
        found = self._done.get(window)
        return found if found is not None else _remember(window, redact(window).text)

    def run(self) -> None:
        group: list[str] = []
        size = 0
        for window in self._pending:
            if SEPARATOR in window or len(window) >= GROUP_CHARS:
                self._done[window] = _remember(window, redact(window).text)
                continue
            if size + len(window) > GROUP_CHARS:
                self._redact_group(group)
                group, size = [], 0
            group.append(window)
            size += len(window) + len(SEPARATOR)
        self._redact_group(group)
        self._pending.clear()

    def _redact_group(self, group: list[str]) -> None:
        if not group:
            return
        pieces = redact(SEPARATOR.join(group)).text.split(SEPARATOR) if len(group) > 1 else []
        if len(pieces) != len(group):  # a finding reached over a separator: one by one
            pieces = [redact(window).text for window in group]
        for window, piece in zip(group, pieces, strict=True):
            self._done[window] = _remember(window, piece)

    def clear(self) -> None:
        self._done.clear()
        self._pending.clear()


def _remember(window: str, redacted: str) -> str:
    if len(window) <= MEMO_CHARS:
        if len(_memo) >= MEMO_SIZE:
            # Oldest first. OrderedDict: `next(iter(dict))` after many deletions from the front
            # walks every dead slot, which made the whole ingest 20 % slower.
            with suppress(KeyError):  # emptied by another thread meanwhile: nothing to evict
                _memo.popitem(last=False)
        _memo[window] = redacted
    return redacted
