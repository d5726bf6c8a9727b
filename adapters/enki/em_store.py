"""Reads a project's em.db (owned by the EM) read-only: the columns Abzu needs, nothing more.

The full schema belongs to the EM spec; docs/enki.md lists the minimal columns read here.
Extra columns and tables are ignored; a file without one of the four tables or columns is
refused with one line naming what is missing.
"""

import sqlite3
from collections import defaultdict

from returns.result import Failure, Result, Success

from abzu.adapters.enki.read_only import NotReadable, read_only, require
from abzu.application.enki.ports import UnreadableStore
from abzu.domain.enki.em import Bug, EmRecords, MailMessage, MailThread, PmDecision

NEEDED = {
    "mail_threads": ("id", "subject"),
    "mail_messages": ("thread_id", "sender", "body", "created_at"),
    "bugs": ("id", "title", "error", "fix", "status"),
    "pm_decisions": ("id", "proposal", "decision", "rationale"),
}


class SqliteEmReader:
    def read(self, path: str) -> Result[EmRecords, UnreadableStore]:
        try:
            with read_only(path) as conn:
                for table, columns in NEEDED.items():
                    require(conn, table, columns)
                return Success(EmRecords(_threads(conn), _bugs(conn), _decisions(conn)))
        except NotReadable as exc:
            return Failure(UnreadableStore(path, exc.describe("an em.db")))


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _threads(conn: sqlite3.Connection) -> tuple[MailThread, ...]:
    messages: dict[str, list[MailMessage]] = defaultdict(list)
    sql = "SELECT thread_id, sender, body FROM mail_messages ORDER BY created_at, rowid"
    for r in conn.execute(sql):
        messages[_text(r["thread_id"])].append(MailMessage(_text(r["sender"]), _text(r["body"])))
    rows = conn.execute("SELECT id, subject FROM mail_threads ORDER BY rowid")
    return tuple(MailThread(_text(r["id"]), _text(r["subject"]), tuple(messages[_text(r["id"])]))
                 for r in rows)


def _bugs(conn: sqlite3.Connection) -> tuple[Bug, ...]:
    rows = conn.execute("SELECT id, title, error, fix, status FROM bugs ORDER BY rowid")
    return tuple(Bug(*(_text(r[c]) for c in NEEDED["bugs"])) for r in rows)


def _decisions(conn: sqlite3.Connection) -> tuple[PmDecision, ...]:
    rows = conn.execute("SELECT id, proposal, decision, rationale FROM pm_decisions ORDER BY rowid")
    return tuple(PmDecision(*(_text(r[c]) for c in NEEDED["pm_decisions"])) for r in rows)
