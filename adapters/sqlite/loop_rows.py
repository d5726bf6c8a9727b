"""Row <-> OpenLoop mapping, shared by the repository and the stdlib read side (session start)."""

from typing import TYPE_CHECKING, Any

from abzu.adapters.sqlite.summary_rows import Row
from abzu.adapters.sqlite.timestamps import from_db, from_db_required, to_db

if TYPE_CHECKING:
    from abzu.domain.sessions.open_loop import OpenLoop

# The briefing's read (context_reader.py): the newest open loops of a project and their count.
OPEN_OF_PROJECT = """
SELECT *, (SELECT count(*) FROM open_loops WHERE project = :project AND status = 'open') AS total
FROM open_loops WHERE project = :project AND status = 'open'
ORDER BY seen_at DESC, opened_at DESC, id LIMIT :limit
"""


def loop_to_row(loop: "OpenLoop") -> dict[str, Any]:
    return {
        "id": loop.id, "project": loop.project, "kind": loop.kind, "text": loop.text,
        "match_hash": loop.match_hash, "session_id": loop.session_id, "opened_at": to_db(loop.opened_at),
        "seen_at": to_db(loop.seen_at), "status": loop.status, "closed_at": to_db(loop.closed_at),
        "closed_by": loop.closed_by,
    }


def row_to_loop(row: Row) -> "OpenLoop":
    from abzu.domain.sessions.open_loop import OpenLoop  # here: a start with no loop open never builds it

    return OpenLoop(
        id=row["id"], project=row["project"], kind=row["kind"], text=row["text"],
        match_hash=row["match_hash"], session_id=row["session_id"],
        opened_at=from_db_required(row["opened_at"]), seen_at=from_db_required(row["seen_at"]),
        status=row["status"], closed_at=from_db(row["closed_at"]), closed_by=row["closed_by"],
    )
