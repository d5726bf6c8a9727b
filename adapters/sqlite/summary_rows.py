"""Row <-> SessionSummary mapping, shared by the Core repository and the stdlib read side."""

from typing import Any, Protocol

from abzu.adapters.sqlite.timestamps import from_db_required, to_db
from abzu.domain.sessions.summary import SessionSummary


def summary_to_row(summary: SessionSummary) -> dict[str, Any]:
    return {
        "id": summary.id, "session_id": summary.session_id, "project": summary.project,
        "sequence": summary.sequence, "goal": summary.goal, "phase": summary.phase,
        "operational_state": summary.operational_state,
        "conversational_state": summary.conversational_state,
        "is_final": int(summary.is_final), "created_at": to_db(summary.created_at),
    }


class Row(Protocol):
    """A row read by column name (the stores' dict rows, the team store's mappings)."""

    def __getitem__(self, key: str, /) -> Any: ...


def row_to_summary(row: Row) -> SessionSummary:
    return SessionSummary(
        id=row["id"], session_id=row["session_id"], project=row["project"],
        sequence=int(row["sequence"] or 0), created_at=from_db_required(row["created_at"]),
        goal=row["goal"], phase=row["phase"], operational_state=row["operational_state"],
        conversational_state=row["conversational_state"], is_final=bool(row["is_final"]),
    )
