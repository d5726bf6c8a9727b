"""In-memory doubles of the session-lifecycle ports (application/sessions/ports.py)."""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from abzu.application.extraction.extract_transcript import ExtractionResult
from abzu.application.extraction.ports import TranscriptUnreadable
from abzu.application.sessions.hook_ports import ProjectState
from abzu.application.sessions.ports import SpoolEntry
from abzu.domain.extraction.heuristics import Decision, SessionDigest
from abzu.domain.ranking import SearchHit
from abzu.domain.sessions.delta import MemoryDelta
from abzu.domain.sessions.loop_tracking import OpenItem
from abzu.domain.sessions.open_loop import OPEN, OpenLoop, ShownLoops
from abzu.domain.sessions.record import (
    FinalizedBy,
    HookEvent,
    InjectionRecord,
    SessionCounts,
    SessionEvent,
    SessionRecord,
)
from abzu.domain.sessions.summary import SessionSummary
from tests.fakes import FakeUnitOfWork


class InMemorySummaries:
    def __init__(self) -> None:
        self.rows: dict[str, SessionSummary] = {}

    def next_sequence(self, session_id: str) -> int:
        return max((s.sequence for s in self.rows.values() if s.session_id == session_id), default=0) + 1

    def add(self, summary: SessionSummary) -> None:
        assert summary.id not in self.rows
        self.rows[summary.id] = summary

    def snapshots(self, session_id: str) -> list[SessionSummary]:
        found = [s for s in self.rows.values() if s.session_id == session_id
                 and not s.is_final and s.sequence > 0]
        return sorted(found, key=lambda s: s.sequence)

    def final_of(self, session_id: str) -> SessionSummary | None:
        finals = [s for s in self.rows.values() if s.session_id == session_id and s.is_final]
        return finals[-1] if finals else None

    def project_finals(self, project: str, *, excluding: str, limit: int) -> list[SessionSummary]:
        found = [s for s in self.rows.values()
                 if s.is_final and s.project == project and s.session_id != excluding]
        return sorted(found, key=lambda s: s.created_at, reverse=True)[:limit]

    def attach_conversational(self, summary_id: str, text: str) -> bool:
        row = self.rows[summary_id]
        if row.conversational_state:
            return False
        self.rows[summary_id] = replace(row, conversational_state=text)
        return True

    def replace_final(self, summary: SessionSummary) -> None:
        self.rows = {k: s for k, s in self.rows.items()
                     if not (s.session_id == summary.session_id and s.is_final)}
        self.add(summary)

    def delete_snapshots(self, session_id: str) -> int:
        doomed = [k for k, s in self.rows.items() if s.session_id == session_id and not s.is_final]
        for key in doomed:
            del self.rows[key]
        return len(doomed)

    def prune_finals(self, project: str | None, keep: int) -> int:
        finals = sorted((s for s in self.rows.values() if s.is_final and s.project == project),
                        key=lambda s: (s.created_at, s.id), reverse=True)
        for doomed in finals[keep:]:
            del self.rows[doomed.id]
        return max(0, len(finals) - keep)

    def finals(self) -> list[SessionSummary]:
        return [s for s in self.rows.values() if s.is_final]


class InMemorySessions:
    def __init__(self) -> None:
        self.rows: dict[str, SessionRecord] = {}
        self.children: set[str] = set()  # sessions the distiller ran as (the extraction log's)

    def record(self, event: SessionEvent, project: str | None) -> None:
        old = self.rows.get(event.session_id)
        ended = event.at if event.event is HookEvent.SESSION_END else (old.ended_at if old else None)
        reopen = (old is not None and old.finalized_at is not None
                  and event.event is not HookEvent.SESSION_END and event.at > old.finalized_at)
        self.rows[event.session_id] = SessionRecord(
            session_id=event.session_id, project=project or (old.project if old else None),
            transcript_path=event.transcript_path or (old.transcript_path if old else None),
            root=event.root or (old.root if old else None),
            started_at=old.started_at if old and old.started_at else event.at,
            last_event=event.event.value, last_event_at=event.at, ended_at=ended,
            finalized_at=None if reopen or old is None else old.finalized_at,
            finalized_by=None if reopen or old is None else old.finalized_by,
            last_offset=max(event.offset or 0, (old.last_offset or 0) if old else 0),
        )

    def get(self, session_id: str) -> SessionRecord | None:
        return self.rows.get(session_id)

    def unfinalized(self, project: str | None) -> list[SessionRecord]:
        return [r for r in self.rows.values()
                if r.finalized_at is None and (project is None or r.project == project)]

    def finalized_since(self, project: str | None, since: datetime) -> list[SessionRecord]:
        return [r for r in self.rows.values() if r.finalized_at is not None and r.finalized_at >= since
                and r.transcript_path and (project is None or r.project == project)]

    def mark_finalized(self, session_id: str, *, at: datetime, by: FinalizedBy) -> None:
        self.rows[session_id] = replace(self.rows[session_id], finalized_at=at, finalized_by=by)

    def counts(self) -> SessionCounts:
        rows = list(self.rows.values())
        return SessionCounts(
            sum(r.finalized_by is FinalizedBy.SESSION_END for r in rows),
            sum(r.finalized_by is FinalizedBy.RECOVERY for r in rows),
            sum(r.finalized_at is None for r in rows),
        )

    def distiller_children(self) -> frozenset[str]:
        return frozenset(self.children)


class InMemoryInjections:
    def __init__(self) -> None:
        self.rows: dict[str, InjectionRecord] = {}

    def record(self, entry: InjectionRecord) -> None:
        self.rows.setdefault(entry.key, entry)


class InMemoryLoops:
    def __init__(self) -> None:
        self.rows: dict[str, OpenLoop] = {}

    def listed(self, project: str | None, *, open_only: bool = True) -> list[OpenLoop]:
        found = [lp for lp in self.rows.values()
                 if (project is None or lp.project == project) and (lp.is_open or not open_only)]
        return sorted(found, key=lambda lp: (lp.seen_at, lp.opened_at), reverse=True)

    def get(self, loop_id: str) -> OpenLoop | None:
        return self.rows.get(loop_id)

    def add(self, loop: OpenLoop) -> None:
        assert loop.id not in self.rows
        self.rows[loop.id] = loop

    def seen(self, loop_id: str, item: OpenItem, *, session_id: str, at: datetime) -> None:
        if self.rows[loop_id].is_open:
            self.rows[loop_id] = replace(self.rows[loop_id], kind=item.kind, text=item.text,
                                         session_id=session_id, seen_at=at)

    def close(self, loop_id: str, *, status: str, at: datetime, by: str | None) -> bool:
        loop = self.rows.get(loop_id)
        if loop is None or loop.status != OPEN:
            return False
        self.rows[loop_id] = replace(loop, status=status, closed_at=at, closed_by=by)
        return True


class FakeSessionUnitOfWork(FakeUnitOfWork):
    """The core fake plus session tables; rollback restores them too."""

    def __init__(self) -> None:
        self.summaries = InMemorySummaries()
        self.sessions = InMemorySessions()
        self.injections = InMemoryInjections()
        self.loops = InMemoryLoops()
        super().__init__()

    def _snapshot(self) -> Any:
        return (super()._snapshot(), dict(self.summaries.rows), dict(self.sessions.rows),
                dict(self.injections.rows), dict(self.loops.rows))

    def rollback(self) -> None:
        core, summaries, sessions, injections, loops = self._saved
        self._saved = core
        super().rollback()
        self._saved = (core, summaries, sessions, injections, loops)
        self.summaries.rows, self.sessions.rows = dict(summaries), dict(sessions)
        self.injections.rows, self.loops.rows = dict(injections), dict(loops)


class RecordingJournal:
    def __init__(self) -> None:
        self.events: list[SessionEvent] = []
        self.injections: list[InjectionRecord] = []

    def record_event(self, event: SessionEvent) -> None:
        self.events.append(event)

    def record_injection(self, record: InjectionRecord) -> None:
        self.injections.append(record)


class ListSpool:
    def __init__(self, items: Sequence[SessionEvent | InjectionRecord] = ()) -> None:
        self.items = {str(i): item for i, item in enumerate(items)}

    def pending(self) -> list[SpoolEntry]:
        return [SpoolEntry(k, v) for k, v in self.items.items()]

    def done(self, handle: str) -> None:
        self.items.pop(handle, None)


@dataclass
class FakeProjectFiles:
    state: ProjectState = field(default_factory=ProjectState)
    has_enki: bool = True
    written: str | None = None

    def read(self) -> ProjectState:
        return self.state

    def write_session_id(self, session_id: str) -> bool:
        if self.has_enki:
            self.written = session_id
        return self.has_enki


@dataclass
class FakePersona:
    text: str | None = None

    def read(self) -> str | None:
        return self.text


class FakeTranscripts:
    def __init__(
        self, sizes: dict[str, int] | None = None, mtimes: dict[str, datetime] | None = None
    ) -> None:
        self.sizes, self.mtimes = sizes or {}, mtimes or {}

    def size(self, path: str) -> int | None:
        return self.sizes.get(path)

    def modified_at(self, path: str) -> datetime | None:
        return self.mtimes.get(path)


def make_digest(**fields: Any) -> SessionDigest:
    values: dict[str, Any] = {
        "files_modified": (), "errors": (), "fixes": (), "tasks_completed": (), "decisions": (),
        "compact_summary": None, "last_user_ask": None,
    }
    values.update(fields)
    if values["decisions"] and isinstance(values["decisions"][0], str):
        values["decisions"] = tuple(Decision(d, f"u-{i}") for i, d in enumerate(values["decisions"]))
    return SessionDigest(**values)


class ScriptedExtractor:
    """Returns the scripted digests in turn (then empty ones); records each call."""

    def __init__(self, *digests: SessionDigest, candidates: int = 0, unreadable: bool = False) -> None:
        self.digests, self.candidates, self.unreadable = list(digests), candidates, unreadable
        self.calls: list[tuple[str, str, str | None]] = []

    def execute(self, *, session_id: str, transcript_path: str, project: str | None) -> ExtractionResult:
        self.calls.append((session_id, transcript_path, project))
        if self.unreadable:
            raise TranscriptUnreadable(transcript_path, "No such file or directory")
        found = self.digests.pop(0) if self.digests else make_digest()
        return ExtractionResult(found, self.candidates if not found.is_empty else 0, 0, 0, True, 100)


class FakeContext:
    """A SessionContext over fake stores: summaries and hits handed in by the test."""

    def __init__(self, *, project: str | None = "api", hits: Sequence[SearchHit] = (),
                 summaries: Sequence[SessionSummary] = (), last: SessionSummary | None = None,
                 notable: Sequence[SearchHit] = (),
                 delta: MemoryDelta | None = None, loops: Sequence[OpenLoop] = ()) -> None:
        self.project, self.hits, self.summaries = project, list(hits), list(summaries)
        self.loops = list(loops)
        self.delta = delta
        self.last, self.notable_hits = last, list(notable)
        self.searched: list[tuple[str, ...]] = []
        self.ended: set[str] = set()

    def project_for_root(self, root: str) -> str | None:
        return self.project

    def last_session(self, project: str, *, excluding: str) -> SessionSummary | None:
        ok = self.last is not None and self.last.session_id != excluding
        return self.last if ok and self.last else None

    def session_summaries(self, session_id: str) -> list[SessionSummary]:
        return [s for s in self.summaries if s.session_id == session_id]

    def session_ended(self, session_id: str) -> bool:
        return session_id in self.ended

    def search(
        self, terms: Sequence[str], project: str | None, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        self.searched.append(tuple(terms))
        return self.hits[:limit]

    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        return self.notable_hits[:limit]

    def memory_delta(self, project: str, *, excluding: str) -> MemoryDelta | None:
        return self.delta

    def open_loops(self, project: str, *, limit: int) -> ShownLoops | None:
        mine = [lp for lp in self.loops if lp.project == project and lp.is_open]
        return ShownLoops(tuple(mine[:limit]), len(mine)) if mine else None
