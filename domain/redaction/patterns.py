"""Regular expressions compiled on first use, not at import.

`abzu remember` imports the redaction package in every process, and a text opens few of its
scanners (an ordinary note: none). Compiling every scanner's and check's pattern at import cost
~15 ms a process, more than redacting the note; each is compiled the first time a text needs it,
then kept. The token rules' patterns are compiled the same way (tokens.py).
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
