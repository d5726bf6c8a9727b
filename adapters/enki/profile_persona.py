"""The persona the session hooks inject, followed by the user's explicit profile entries.

Standard library only (the hooks must start fast): wisdom.db is read through the session
context's read-only connection (one connection to the store a start). Entries for another
project are left out; a missing or older store just adds nothing.
"""

import os
import sqlite3
from collections.abc import Callable

from abzu.adapters.workspace import remote_identity
from abzu.application.basic_ports import Workspace
from abzu.application.sessions.hook_ports import PersonaSource
from abzu.domain.enki.profile_lines import profile_lines

_EXPLICIT = (
    "SELECT key, value FROM user_profile WHERE source = 'explicit' "
    "AND (project_id IS NULL OR project_id = ?) ORDER BY key LIMIT 50"
)
# The root's registered name; else the project holding its repository's remote; else its folder
# name, which the root adopts on first use unless another root holds it (application/projects.py
# `project_for_root`). The remote is read only for a root not registered itself.
_BY_PATH = "SELECT name FROM projects WHERE path = ?"
_UNREGISTERED = (
    "SELECT coalesce((SELECT name FROM projects WHERE remote = :remote), "
    "(SELECT :base WHERE NOT EXISTS (SELECT 1 FROM projects WHERE name = :base AND path IS NOT NULL)))"
)


class ProfilePersona(PersonaSource):
    """`wisdom`: the store's open read-only connection, None when there is no store
    (Sqlite3SessionContext.connection)."""

    def __init__(
        self, persona: PersonaSource, wisdom: Callable[[], sqlite3.Connection | None], workspace: Workspace
    ) -> None:
        self._persona, self._wisdom, self._workspace = persona, wisdom, workspace

    def read(self) -> str | None:
        text = "\n\n".join(t.strip() for t in (self._persona.read(), self._profile()) if t and t.strip())
        return text or None

    def _profile(self) -> str:
        try:
            conn = self._wisdom()
            if conn is None:
                return ""  # no store yet
            project = self._project(conn)
            rows = conn.execute(_EXPLICIT, (project,)).fetchall()
        except sqlite3.Error:
            return ""  # a store without the table, unreadable, or not SQLite: nothing to add
        return profile_lines([(str(r[0]), str(r[1])) for r in rows])

    def _project(self, conn: sqlite3.Connection) -> str | None:
        root = self._workspace.root()
        if not root:
            return None
        found = conn.execute(_BY_PATH, (root,)).fetchone()
        if found is None:
            base = os.path.basename(os.path.normpath(root))
            found = conn.execute(_UNREGISTERED, {"remote": remote_identity(root), "base": base}).fetchone()
        return str(found[0]) if found and found[0] else None
