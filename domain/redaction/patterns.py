"""Regular expressions compiled on first use, not at import.

`abzu remember` imports the redaction package in every process, and a text opens few of its
scanners (an ordinary note: none). Compiling every scanner's and check's pattern at import cost
~15 ms a process, more than redacting the note; each is compiled the first time a text needs it,
then kept. The token rules' patterns are compiled the same way, one `lazy` per rule
(tokens.py): this is the package's one mechanism for it. A closure rather than
`functools.cache(re.compile)` (what tokens.py used): ~0.6 µs more per rule at import (≈ 0.06 ms
for all, below what `-X importtime` can tell apart), and each later call is a list check
(~65 ns) instead of a cache lookup keyed on the pattern (~185 ns), paid on every scanned text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import AnyStr


def lazy(pattern: AnyStr, flags: int = 0) -> Callable[[], re.Pattern[AnyStr]]:
    """A function that returns `re.compile(pattern, flags)`, compiled on its first call."""
    compiled: list[re.Pattern[AnyStr]] = []

    def get() -> re.Pattern[AnyStr]:
        if not compiled:
            compiled.append(re.compile(pattern, flags))
        return compiled[0]

    return get
