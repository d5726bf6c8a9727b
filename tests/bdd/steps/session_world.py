"""The state a session-lifecycle scenario works on: the real container on SQLite files in
tmp_path, a project folder with `.enki/`, real transcripts, and a clock the scenario moves."""

import os
import shutil
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from abzu.application.projects import resolve_project
from abzu.application.remember import RememberRequest
from abzu.application.sessions.attach_compact_summary import CompactSummary
from abzu.application.sessions.capture_pre_compact import PreCompactRequest
from abzu.application.sessions.finalize_session import FinalizeRequest
from abzu.application.sessions.inject_post_compact import PostCompactRequest
from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.application.sessions.recover_sessions import RecoverRequest
from abzu.domain.bead import Bead, VouchedBy
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.domain.sessions.summary import SessionSummary
from abzu.entrypoints.wiring.container import Container
from tests.fakes import FixedClock

FIXTURES = Path(__file__).parents[2] / "fixtures" / "claude-jsonl"
REAL = FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"
QUIET = timedelta(minutes=5)


@dataclass
class SessionWorld:
    container: Container
    clock: FixedClock
    home: Path
    repo: Path
    briefing: str = ""
    current: str = "sess-now"
    beads: dict[str, str] = field(default_factory=dict)

    # --- the project --------------------------------------------------------------------------

    def enki_file(self, name: str, text: str) -> None:
        (self.repo / ".enki").mkdir(exist_ok=True)
        (self.repo / ".enki" / name).write_text(text, encoding="utf-8")

    def project(self) -> str:
        with self.container.uow() as uow:
            name = resolve_project(uow.projects, self.container.workspace(), None, self.clock.now())
            uow.commit()
        assert name is not None
        return name

    def add_bead(self, text: str, *, flagged: bool = False) -> str:
        bead = Bead(f"b-{len(self.beads) + 1:03d}", text, Category.DECISION, self.project(),
                    content_hash(text), self.clock.now(), gemini_flagged=flagged,
                    vouched_by=VouchedBy.REVIEW)  # a decision in wisdom.db: a review put it there
        with self.container.uow() as uow:
            uow.beads.add(bead)
            uow.commit()
        self.beads[text] = bead.id
        return bead.id

    def add_candidate(self, text: str) -> None:
        self.container.remember().execute(RememberRequest(text, "decision", project=self.project()))

    def add_final(self, session_id: str, text: str, *, age: timedelta = timedelta(hours=1)) -> None:
        summary = SessionSummary(f"s-{session_id}", session_id, self.project(), 1, self.clock.now() - age,
                                 conversational_state=text, is_final=True)
        with self.container.sessions.uow() as uow:
            uow.summaries.replace_final(summary)
            uow.commit()

    # --- Claude Code's side --------------------------------------------------------------------

    def transcript(self, session_id: str, lines: int | None = None) -> Path:
        folder = self.home.parent / "claude-projects"
        folder.mkdir(exist_ok=True)
        shutil.copyfile(REAL.parent / "LICENSE", folder / "LICENSE")
        content = REAL.read_bytes().splitlines(keepends=True)
        path = folder / f"{session_id}.jsonl"
        path.write_bytes(b"".join(content if lines is None else content[:lines]))
        return path

    def touch(self, path: Path) -> None:
        moment = self.clock.now().timestamp()
        os.utime(path, (moment, moment))

    def start(self, session_id: str, path: Path | None = None) -> None:
        self.current = session_id
        request = SessionStartRequest(session_id, "startup", str(path) if path else None)
        self.briefing = self.container.sessions.inject_session_start().execute(request).text
        self.container.sessions.ingest_spool().execute()

    def compact(self, summary: str, session_id: str | None = None) -> None:
        sid = session_id or self.current
        path = self.session_path(sid)
        self.container.sessions.capture_pre_compact().execute(PreCompactRequest(sid, path, "auto"))
        self.container.sessions.attach_compact_summary().execute(CompactSummary(sid, summary))

    def resume(self) -> None:
        request = PostCompactRequest(self.current, self.session_path(self.current))
        self.briefing = self.container.sessions.inject_post_compact().execute(request).text
        self.container.sessions.ingest_spool().execute()

    def end(self) -> None:
        self.container.sessions.ingest_spool().execute()
        self.container.sessions.finalize_session().execute(FinalizeRequest(self.current))

    def recover(self) -> None:
        request = RecoverRequest(excluding=self.current, idle=QUIET)
        self.container.sessions.recover_sessions().execute(request)

    # --- what the stores say -------------------------------------------------------------------

    def session_path(self, session_id: str) -> str | None:
        with self.container.sessions.uow() as uow:
            record = uow.sessions.get(session_id)
            return str(record.transcript_path) if record and record.transcript_path else None

    def final(self, session_id: str) -> SessionSummary | None:
        with self.container.sessions.uow() as uow:
            return uow.summaries.final_of(session_id)

    def query(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        with sqlite3.connect(self.home / "abzu.db") as conn:
            return conn.execute(sql, params).fetchall()


def now_clock() -> FixedClock:
    """Transcript files carry real modification times: the scenario clock starts at real now."""
    return FixedClock(datetime.now(UTC).replace(microsecond=0))
