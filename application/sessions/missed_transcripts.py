"""Which transcripts on disk no capture covered ("missed", issue 11 item 4): `abzu status`
counts them (also on its light path, without the import use case's finalisation modules) and
`ImportSessions` imports them. Cheap when there is nothing to do: one query for the finalised
sessions, and a transcript named by its session id is matched to its row without being opened."""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import PurePath
from typing import Protocol

from abzu.application.sessions.ports import SessionUnitOfWork, TranscriptFiles
from abzu.domain.sessions.record import SESSION_ID_PATTERN, SessionRecord


@dataclass(frozen=True, slots=True)
class Origin:
    session_id: str | None
    cwd: str


class TranscriptOrigins(Protocol):
    def origin(self, path: str) -> Origin | None: ...


@dataclass(frozen=True, slots=True)
class MissedTranscripts:
    origins: TranscriptOrigins
    uow: SessionUnitOfWork
    transcripts: TranscriptFiles

    def missed(self, paths: Sequence[str]) -> list[str]:
        """Transcripts no capture covered, or that grew since their session was finalised."""
        missed, finalised = [], self._finalised_paths()
        for path in paths:
            if self._covered_by_path(path, finalised) or self._covered_by_name(path):
                continue
            origin = self.origins.origin(path)
            if origin is not None and not self.covered(path, origin):
                missed.append(path)
        return missed

    def covered(self, path: str, origin: Origin) -> bool:
        record = self.record(session_id_for(path, origin))
        if record is None or record.finalized_at is None:
            return False
        written = self.transcripts.modified_at(path)
        return written is not None and written <= record.finalized_at

    def record(self, session_id: str) -> SessionRecord | None:
        with self.uow as uow:
            return uow.sessions.get(session_id)

    def _finalised_paths(self) -> dict[str, datetime]:
        """Transcript path -> when its session was finalised, for every finalised session (one query)."""
        with self.uow as uow:
            done = uow.sessions.finalized_since(None, datetime(1970, 1, 1, tzinfo=UTC))
        return {r.transcript_path: r.finalized_at for r in done if r.transcript_path and r.finalized_at}

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
