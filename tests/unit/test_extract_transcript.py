"""ExtractTranscript with in-memory stores: cursor, idempotency, unknown formats, failures."""

import pytest

from abzu.application.extraction.extract_transcript import ExtractTranscript
from abzu.application.extraction.ports import TranscriptReader
from abzu.application.remember_many import RememberMany
from abzu.domain.bead import CandidateSource
from abzu.domain.extraction.heuristics import CANDIDATE_CAP
from abzu.domain.extraction.transcript import TranscriptChunk, TranscriptRecord
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds
from tests.unit.extraction_fakes import FakeExtractionUnitOfWork, ScriptedReader
from tests.unit.records import bash, edit, said, wrote

PATH = "/home/u/.claude/projects/-src-api/s1.jsonl"


def _session() -> list[TranscriptRecord]:
    return [
        wrote("We'll go with SQLite FTS5 instead of a vector store."),
        *bash("t1", "pytest", "E   AssertionError\n1 failed", error=True),
        *edit("t2", "/src/api/rank.py", "bm25(t)", "bm25(t, 10.0, 1.0)"),
        *bash("t3", "pytest", "5 passed"),
    ]


@pytest.fixture
def staging() -> FakeUnitOfWork:
    return FakeUnitOfWork()


@pytest.fixture
def books() -> FakeExtractionUnitOfWork:
    return FakeExtractionUnitOfWork()


def _sut(
    reader: TranscriptReader, staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork
) -> ExtractTranscript:
    clock, ids = FixedClock(), SequentialIds()
    remember = RememberMany(uow=staging, clock=clock, ids=ids, workspace=FixedWorkspace("/src/api"))
    return ExtractTranscript(reader=reader, extraction_uow=books, remember=remember, clock=clock, ids=ids)


def test_decisions_and_fixes_are_staged_with_provenance(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork
) -> None:
    result = _sut(ScriptedReader([tuple(_session())]), staging, books).execute(
        session_id="s1", transcript_path=PATH, project="api")
    assert (result.status, result.candidates_created, result.new_offset) == ("ok", 2, 100)
    staged = sorted(staging.candidates.rows.values(), key=lambda c: c.category.value)
    assert [c.category.value for c in staged] == ["decision", "fix"]
    assert all(c.source is CandidateSource.SESSION_END and c.session_id == "s1" for c in staged)
    assert all(c.project == "api" for c in staged)
    assert staged[1].context is not None and staged[1].context.endswith("Files: /src/api/rank.py")
    for candidate in staged:  # recall indexes context: no session or message id to match on
        assert candidate.context and not {"s1", "session", "message"} & set(candidate.context.split())
    assert books.committed.cursors["s1"].byte_offset == 100
    assert [e.status for e in books.committed.entries] == ["ok"]


def test_running_twice_stages_nothing_new_even_from_the_start(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork
) -> None:
    reader = ScriptedReader([tuple(_session())])
    sut = _sut(reader, staging, books)
    sut.execute(session_id="s1", transcript_path=PATH, project="api")
    books.committed.cursors.clear()  # e.g. a lost cursor: the transcript is mined again from 0
    again = sut.execute(session_id="s1", transcript_path=PATH, project="api")
    assert (again.candidates_created, again.skipped_duplicates) == (0, 2)
    assert len(staging.candidates.rows) == 2
    assert [e.candidates_created for e in books.committed.entries] == [2, 0]


def test_a_draft_already_staged_by_hand_is_not_staged_twice(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork
) -> None:
    first = _sut(ScriptedReader([tuple(_session())]), staging, books)
    first.execute(session_id="s1", transcript_path=PATH, project="api")
    other_session = _sut(ScriptedReader([tuple(_session())]), staging, FakeExtractionUnitOfWork())
    result = other_session.execute(session_id="s2", transcript_path="/other.jsonl", project="api")
    assert (result.candidates_created, result.skipped_duplicates) == (0, 2)
    assert len(staging.candidates.rows) == 2


def test_it_continues_from_the_cursor_and_restarts_on_a_new_path(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork
) -> None:
    reader = ScriptedReader([tuple(_session())])
    sut = _sut(reader, staging, books)
    sut.execute(session_id="s1", transcript_path=PATH, project="api")
    sut.execute(session_id="s1", transcript_path=PATH, project="api")
    sut.execute(session_id="s1", transcript_path="/moved/s1.jsonl", project="api")
    assert reader.reads == [0, 100, 0]


def test_a_long_transcript_is_read_piece_by_piece_into_one_digest(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork
) -> None:
    session = _session()
    reader = ScriptedReader([tuple(session[:3]), tuple(session[3:5]), tuple(session[5:])])
    result = _sut(reader, staging, books).execute(session_id="s1", transcript_path=PATH, project="api")
    assert reader.reads == [0, 100, 200]
    assert [f.target for f in result.digest.fixes] == ["pytest"]
    assert (result.new_offset, result.skipped_corrupt) == (300, 3)


def test_an_unrecognised_format_extracts_nothing_and_keeps_the_cursor(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork, caplog: pytest.LogCaptureFixture
) -> None:
    reader = ScriptedReader([tuple(_session())], recognised=False)
    result = _sut(reader, staging, books).execute(session_id="s1", transcript_path=PATH, project="api")
    assert (result.status, result.format_recognised) == ("skipped-format", False)
    assert result.candidates_created == 0
    assert staging.candidates.rows == {}
    assert books.committed.cursors["s1"].byte_offset == 0
    [entry] = books.committed.entries
    assert entry.status == "skipped-format" and "claude-code-jsonl/1" in entry.detail
    assert "structure not recognised" in caplog.text


def test_an_unreadable_transcript_is_logged_as_failed(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork
) -> None:
    result = _sut(ScriptedReader([], missing=True), staging, books).execute(
        session_id="s1", transcript_path=PATH, project="api")
    assert (result.status, result.candidates_created) == ("failed", 0)
    assert result.detail == "No such file or directory"
    assert "s1" not in books.committed.cursors
    assert [e.status for e in books.committed.entries] == ["failed"]


def _over_the_cap(count: int) -> tuple[TranscriptRecord, ...]:
    """A synthetic session with one preference per line, each at its own byte offset."""
    return tuple(said(f"Always run shard s{i} on engine e{i} of rack r{i}.", offset=10 * i, uuid=f"m{i}")
                 for i in range(count))


class LineReader:
    """Serves the records at or after the requested offset (lines of 10 bytes), to the end."""

    def __init__(self, records: tuple[TranscriptRecord, ...]) -> None:
        self.records = records

    def read(self, path: str, offset: int, max_bytes: int | None = None) -> TranscriptChunk:
        rest = tuple(r for r in self.records if r.offset >= offset)
        return TranscriptChunk(rest, 10 * len(self.records), len(rest), 0, True, reached_end=True)


def test_a_session_over_the_cap_says_so_and_keeps_the_rest_for_the_next_pass(
    staging: FakeUnitOfWork, books: FakeExtractionUnitOfWork, caplog: pytest.LogCaptureFixture
) -> None:
    total = CANDIDATE_CAP + 150
    reader = LineReader(_over_the_cap(total))
    sut = _sut(reader, staging, books)
    first = sut.execute(session_id="s1", transcript_path=PATH, project="api")
    assert first.capped and first.candidates_created == CANDIDATE_CAP
    assert first.new_offset == 10 * CANDIDATE_CAP  # the first decision not staged
    assert "capped: 900 candidates" in books.committed.entries[-1].detail
    assert "per-session cap reached" in caplog.text
    second = sut.execute(session_id="s1", transcript_path=PATH, project="api")
    assert not second.capped and second.candidates_created == 150
    assert len(staging.beads.rows) == total  # nothing lost across the two passes (preferences: wisdom)
