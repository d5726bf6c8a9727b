"""The session use cases through the real container, on SQLite files and a real transcript."""

import shutil
from datetime import timedelta
from pathlib import Path

from returns.result import Success

from abzu.application.sessions.capture_pre_compact import PreCompactRequest
from abzu.application.sessions.finalize_session import Finalized, FinalizeRequest
from abzu.application.sessions.inject_post_compact import PostCompactRequest
from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.application.sessions.recover_sessions import RecoverRequest
from abzu.domain.sessions.record import FinalizedBy
from abzu.entrypoints.wiring.container import Container
from tests.fakes import present

FIXTURES = Path(__file__).parents[1] / "fixtures" / "claude-jsonl"
SESSION_TRANSCRIPT = FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"
COMPACT_TRANSCRIPT = FIXTURES / "agentlogs" / "compact.jsonl"


def copy_transcript(source: Path, folder: Path, lines: int | None = None) -> Path:
    target = folder / source.name
    if lines is None:
        shutil.copyfile(source, target)
    else:
        target.write_bytes(b"".join(source.read_bytes().splitlines(keepends=True)[:lines]))
    return target


def staged(container: Container) -> int:
    return container.status().execute().staged_count


def test_a_session_is_captured_across_a_compaction_and_finalised(
    container: Container, tmp_path: Path
) -> None:
    path = copy_transcript(SESSION_TRANSCRIPT, tmp_path, lines=30)
    s = container.sessions
    s.inject_session_start().execute(SessionStartRequest("sess-1", "startup", str(path)))
    s.ingest_spool().execute()
    captured = s.capture_pre_compact().execute(PreCompactRequest("sess-1", str(path), "auto"))
    assert captured.snapshot.sequence == 1 and captured.snapshot.operational_state
    copy_transcript(SESSION_TRANSCRIPT, tmp_path)  # the session goes on after the compaction
    match s.finalize_session().execute(FinalizeRequest("sess-1")):
        case Success(Finalized() as done):
            assert done.summary is not None and done.snapshots_merged == 1
        case other:
            raise AssertionError(other)
    assert staged(container) >= 1
    with s.uow() as uow:
        assert uow.summaries.snapshots("sess-1") == []
        assert present(uow.sessions.get("sess-1")).finalized_by is FinalizedBy.SESSION_END
    again = s.finalize_session().execute(FinalizeRequest("sess-1"))
    assert isinstance(again, Success) and again.unwrap().summary is None


def test_the_next_session_starts_with_the_last_final_summary(container: Container, tmp_path: Path) -> None:
    path = copy_transcript(SESSION_TRANSCRIPT, tmp_path)
    s = container.sessions
    s.inject_session_start().execute(SessionStartRequest("sess-1", "startup", str(path)))
    s.ingest_spool().execute()
    s.finalize_session().execute(FinalizeRequest("sess-1"))
    text = s.inject_session_start().execute(SessionStartRequest("sess-2")).text
    assert "Final summary of the previous session sess-1" in text
    assert "Work done (Abzu's notes from the transcript):" in text


def test_after_compaction_claude_codes_own_summary_is_not_repeated(
    container: Container, tmp_path: Path
) -> None:
    path = copy_transcript(COMPACT_TRANSCRIPT, tmp_path, lines=10)  # before the compaction
    s = container.sessions
    s.inject_session_start().execute(SessionStartRequest("sess-c", "startup", str(path)))
    s.ingest_spool().execute()
    s.capture_pre_compact().execute(PreCompactRequest("sess-c", str(path), "manual"))
    copy_transcript(COMPACT_TRANSCRIPT, tmp_path)  # boundary + compact summary written
    text = s.inject_post_compact().execute(PostCompactRequest("sess-c", str(path))).text
    assert "Conversation (Claude Code's compact summary):" not in text
    assert "how are you doing" not in text.split("Last request:")[0]  # only the notes of the snapshot
    assert "This session before compaction:" in text


def test_a_crashed_session_is_recovered_from_its_transcript(container: Container, tmp_path: Path) -> None:
    path = copy_transcript(SESSION_TRANSCRIPT, tmp_path)
    s = container.sessions
    s.inject_session_start().execute(SessionStartRequest("crashed", "startup", str(path)))
    done = s.recover_sessions().execute(RecoverRequest(excluding="new", idle=timedelta(0)))
    assert [d.session_id for d in done] == ["crashed"]
    assert done[0].summary is not None and staged(container) >= 1
    with s.uow() as uow:
        assert uow.sessions.counts().recovered == 1
