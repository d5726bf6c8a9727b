"""An open loop (issue 29): a task left pending, a change not done or an error left unresolved
by a session, and its status; the ones a briefing shows. Apart from loops.py (how the briefing
shows them), so that a session start with no loop open never generates the classes
(docs/benchmarks.md, start2)."""

from dataclasses import dataclass
from datetime import datetime

OPEN, RESOLVED, DISMISSED = "open", "resolved", "dismissed"


@dataclass(frozen=True, slots=True)
class OpenLoop:
    """`text` is the summary's line (redacted when the summary was stored); `match_hash` the
    hash of what a later session's summary is matched on (loop_tracking.py: a hash, so no second
    copy of stored text needs scrubbing); `session_id` the session that last left it open;
    `closed_by` the session that resolved it, or None."""

    id: str
    project: str
    kind: str
    text: str
    match_hash: str
    session_id: str
    opened_at: datetime
    seen_at: datetime
    status: str = OPEN
    closed_at: datetime | None = None
    closed_by: str | None = None

    @property
    def is_open(self) -> bool:
        return self.status == OPEN


@dataclass(frozen=True, slots=True)
class ShownLoops:
    """The newest open loops of a project (at most the number asked for) and how many there are."""

    loops: tuple[OpenLoop, ...]
    total: int
