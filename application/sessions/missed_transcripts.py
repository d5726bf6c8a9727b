"""Which transcripts on disk no capture covered ("missed", issue 11 item 4): `abzu status`
counts them (also on its light path, without the import use case's finalisation modules) and
`ImportSessions` imports them. Cheap when there is nothing to do: one query for the finalised
sessions, and a transcript named by its session id is matched to its row without being opened.

A transcript of Abzu's own distiller (`claude -p`, issue 29.1) is never missed: known by its
session id (the extraction log records it) or by its first prompt (the distillation request)."""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import PurePath
from typing import Protocol

from abzu.application.sessions.hook_ports import TranscriptFiles
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.domain.sessions.record import SESSION_ID_PATTERN, SessionRecord


@dataclass(frozen=True, slots=True)
class Origin:
    session_id: str | None
    cwd: str
    distiller: bool = False  # its first prompt is Abzu's distillation request


class TranscriptOrigins(Protocol):
    def origin(self, path: str) -> Origin | None: ...


@dataclass(frozen=True, slots=True)
class MissedTranscripts:
    origins: TranscriptOrigins
    uow: SessionUnitOfWork
    transcripts: TranscriptFiles

    def missed(self, paths: Sequence[str]) -> list[str]:
        """Transcripts no capture covered, or that grew since their session was finalised."""
        missed, (finalised, children) = [], self._finalised_paths()
        for path in paths:
            if (PurePath(path).stem in children or self._covered_by_path(path, finalised)
                    or self._covered_by_name(path)):
                continue
            origin = self.origins.origin(path)
            if origin is None or self._child(path, origin, children):
                continue
            if not self.covered(path, origin):
                missed.append(path)
        return missed

    def distiller_child(self, path: str, origin: Origin) -> bool:
        """A transcript of Abzu's own distiller: never imported, counted or recovered."""
        with self.uow as uow:
            return self._child(path, origin, uow.sessions.distiller_children())

    def covered(self, path: str, origin: Origin) -> bool:
        record = self.record(session_id_for(path, origin))
        if record is None or record.finalized_at is None:
            return False
        written = self.transcripts.modified_at(path)
        return written is not None and written <= record.finalized_at

    def record(self, session_id: str) -> SessionRecord | None:
        with self.uow as uow:
            return uow.sessions.get(session_id)

    def _finalised_paths(self) -> tuple[dict[str, datetime], frozenset[str]]:
        """Transcript path -> when its session was finalised, for every finalised session, and
        the sessions the distiller ran as (two queries)."""
        with self.uow as uow:
            done = uow.sessions.finalized_since(None, datetime(1970, 1, 1, tzinfo=UTC))
            children = uow.sessions.distiller_children()
        paths = {r.transcript_path: r.finalized_at for r in done if r.transcript_path and r.finalized_at}
        return paths, children

    @staticmethod
    def _child(path: str, origin: Origin, children: frozenset[str]) -> bool:
        return origin.distiller or session_id_for(path, origin) in children

    def _covered_by_path(self, path: str, finalised: dict[str, datetime]) -> bool:
        at, written = finalised.get(path), self.transcripts.modified_at(path)
        return at is not None and written is not None and written <= at

    def _covered_by_name(self, path: str) -> bool:
        stem = PurePath(path).stem
        return _UUID.match(stem) is not None and self.covered(path, Origin(stem, ""))


_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)


def session_id_for(path: str, origin: Origin) -> str:
    """Claude Code names each transcript `<session id>.jsonl`: that name, else the session id of
    its records, else the file name, made safe for the session table."""
    stem = PurePath(path).stem
    candidate = stem if _UUID.match(stem) else origin.session_id or stem
    if re.match(SESSION_ID_PATTERN, candidate):
        return candidate
    return re.sub(r"[^A-Za-z0-9_.:-]", "-", candidate)[:200] or "session"
