"""What sessions left in abzu.db, read with the standard library's sqlite3 (read-only, autocommit):
the candidates they staged (still staged, or archived by the review that took them) and the
sizes of the blocks injected into them."""

import logging
import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

from abzu.adapters.sqlite.timestamps import from_db_required
from abzu.application.sessions.traces import SessionTraces, StagedTrace
from abzu.domain.sessions.record import InjectionRecord

log = logging.getLogger("abzu")
_STAGED = ("SELECT session_id, id, category, content FROM bead_candidates "
           "WHERE session_id IN ({marks}) ORDER BY created_at, id")
# The archive keeps each reviewed candidate as JSON; rowid order puts a later review last.
_ARCHIVED = ("SELECT json_extract(payload, '$.session_id'), candidate_id, "
             "json_extract(payload, '$.category'), json_extract(payload, '$.content'), review_id "
             "FROM review_archive WHERE json_extract(payload, '$.session_id') IN ({marks}) ORDER BY rowid")
_INJECTED = ("SELECT session_id, event, tier, characters, collapsed, created_at, event_key "
             "FROM injection_log WHERE session_id IN ({marks}) ORDER BY id")
_SOURCES = ("SELECT session_id FROM bead_candidates WHERE id IN ({marks}) UNION "
            "SELECT json_extract(payload, '$.session_id') FROM review_archive "
            "WHERE candidate_id IN ({marks})")


class Sqlite3SessionTraces(SessionTraces):
    def __init__(self, staging: Path) -> None:
        self._path = staging

    def staged_by(self, session_ids: Sequence[str]) -> Mapping[str, list[StagedTrace]]:
        found: dict[str, dict[str, StagedTrace]] = {}
        # Archived first, staged last: an undone review put its candidates back, so what is
        # staged now wins over the archive's copy, and a later review over an earlier one.
        for sid, cid, category, content, *review in [*self._rows(_ARCHIVED, session_ids),
                                                     *self._rows(_STAGED, session_ids)]:
            found.setdefault(str(sid), {})[str(cid)] = StagedTrace(
                str(cid), str(category), str(content or ""), str(review[0]) if review else None)
        return {sid: list(traces.values()) for sid, traces in found.items()}

    def injections_of(self, session_ids: Sequence[str]) -> Mapping[str, list[InjectionRecord]]:
        found: dict[str, list[InjectionRecord]] = {}
        for sid, event, tier, characters, collapsed, at, key in self._rows(_INJECTED, session_ids):
            found.setdefault(str(sid), []).append(InjectionRecord(
                session_id=str(sid), event=str(event), tier=str(tier), characters=int(characters),
                collapsed=bool(collapsed), at=from_db_required(at), key=str(key)))
        return found

    def sessions_of(self, candidate_ids: Sequence[str]) -> list[str]:
        return [str(sid) for sid, in self._rows(_SOURCES, candidate_ids, twice=True) if sid]

    def _rows(self, sql: str, ids: Sequence[str], twice: bool = False) -> list[Any]:
        if not ids or not self._path.is_file():  # connecting would create an empty database
            return []
        try:
            with closing(sqlite3.connect(f"{self._path.as_uri()}?mode=ro", uri=True, timeout=0.5)) as conn:
                marks = ", ".join("?" * len(ids))
                return conn.execute(sql.format(marks=marks), [*ids, *ids] if twice else list(ids)).fetchall()
        except sqlite3.Error as exc:  # not migrated yet, locked beyond the timeout, damaged
            log.warning("session traces not read: %s", exc)
            return []
