"""Use case: mine a Claude Code transcript for candidates at session end (spec §6 step 1)."""

from dataclasses import dataclass

from abzu.application.ports import Clock, IdGenerator
from abzu.application.remember import Remember
from abzu.application.session_ports import ExtractionUnitOfWork, TranscriptReader
from abzu.domain.extraction import SessionDigest


@dataclass(frozen=True, slots=True)
class ExtractionResult:
    digest: SessionDigest
    candidates_created: int
    skipped_corrupt: int
    skipped_unknown: int
    format_recognised: bool
    new_offset: int
    status: str = "ok"  # "ok" | "skipped-format" | "failed"
    skipped_duplicates: int = 0
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ExtractTranscript:
    """(interface; implementation follows)"""

    reader: TranscriptReader
    extraction_uow: ExtractionUnitOfWork
    remember: Remember
    clock: Clock
    ids: IdGenerator

    def execute(self, *, session_id: str, transcript_path: str, project: str | None) -> ExtractionResult:
        raise NotImplementedError
