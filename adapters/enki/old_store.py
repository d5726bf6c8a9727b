"""Reads an old Enki wisdom.db (spec Appendix A) without ever writing to it.

Only `beads` is required (id, content, type, project); `summary` and the `projects` table are
used when present. Old beads may name their project by the project's id: it is mapped to the
project's name. Every other table (embeddings, access_log, …) is ignored.
"""

import sqlite3

from returns.result import Failure, Result, Success

from abzu.adapters.enki.read_only import NotReadable, columns, pick, read_only, require, tables
from abzu.application.enki.ports import OldEnkiExport, OldProject, UnreadableStore
from abzu.domain.enki.migration import OldBead

_BEAD_COLUMNS = ("id", "content", "type", "project")


class SqliteOldEnkiReader:
    def read(self, path: str) -> Result[OldEnkiExport, UnreadableStore]:
        try:
            with read_only(path) as conn:
                have = require(conn, "beads", _BEAD_COLUMNS)
                names, projects = _projects(conn)
                return Success(OldEnkiExport(_beads(conn, have, names), projects))
        except NotReadable as exc:
            return Failure(UnreadableStore(path, exc.describe("an old Enki store")))


def _beads(conn: sqlite3.Connection, have: set[str], names: dict[str, str]) -> tuple[OldBead, ...]:
    sql = f"SELECT id, content, type, project, {pick(have, 'summary')} FROM beads ORDER BY rowid"
    return tuple(
        OldBead(str(r["id"]), r["content"] or "", str(r["type"] or ""),
                _project(r["project"], names), r["summary"] or None)
        for r in conn.execute(sql)
    )


def _project(value: object, names: dict[str, str]) -> str | None:
    text = str(value).strip() if value is not None else ""
    return names.get(text, text) or None


def _projects(conn: sqlite3.Connection) -> tuple[dict[str, str], tuple[OldProject, ...]]:
    """Id → name (for beads that point at a project by id), and the projects themselves."""
    if "projects" not in tables(conn) or "name" not in (have := columns(conn, "projects")):
        return {}, ()
    rows = conn.execute(f"SELECT {pick(have, 'id')}, name, {pick(have, 'path')} FROM projects").fetchall()
    ids = {str(r["id"]): str(r["name"]) for r in rows if r["id"] is not None and r["name"]}
    projects = tuple(OldProject(str(r["name"]), r["path"] or None) for r in rows if r["name"])
    return ids, projects
