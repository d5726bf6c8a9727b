"""A session over the per-session candidate cap (issue 20 item 7): finalisation stages the cap,
says so, keeps the session pending, and the next recovery mines the rest from the cursor."""

import json
from datetime import timedelta
from pathlib import Path

import pytest

from abzu.application.sessions.finalize_session import FinalizeRequest
from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.application.sessions.recover_sessions import RecoverRequest
from abzu.domain.extraction.heuristics import CANDIDATE_CAP
from abzu.domain.sessions.record import FinalizedBy
from abzu.entrypoints.wiring.container import Container
from tests.fakes import present

FIXTURE = (Path(__file__).parents[1] / "fixtures" / "claude-jsonl" / "claude-code-viewer"
           / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl")
OVER = 120


def _template() -> dict[str, object]:
    for line in FIXTURE.read_text().splitlines():
        record = json.loads(line)
        if record.get("type") == "user" and isinstance(record.get("message", {}).get("content"), str):
            return dict(record)
    raise AssertionError("no user text line in the fixture")


def _transcript(folder: Path, count: int) -> Path:
    """A synthetic session: one distinct standing preference per line the user typed."""
    template, lines = _template(), []
    for i in range(count):
        message = {**template["message"],  # type: ignore[dict-item]
                   "content": f"Always run shard s{i} on engine e{i} of rack r{i}."}
        lines.append(json.dumps({**template, "uuid": f"00000000-0000-4000-8000-{i:012d}",
                                 "parentUuid": None, "sessionId": "sess-big", "message": message}))
    path = folder / "sess-big.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_session_over_the_cap_is_mined_whole_across_two_passes(
    container: Container, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = _transcript(tmp_path, CANDIDATE_CAP + OVER)
    s = container.sessions
    s.inject_session_start().execute(SessionStartRequest("sess-big", "startup", str(path)))
    s.ingest_spool().execute()
    first = s.finalize_session().execute(FinalizeRequest("sess-big")).unwrap()
    assert first.candidates_created == CANDIDATE_CAP
    assert "per-session cap reached" in caplog.text
    with s.uow() as uow:
        assert present(uow.sessions.get("sess-big")).finalized_at is None  # still pending
    assert s.session_status().execute().counts.pending == 1
    recovered = s.recover_sessions().execute(RecoverRequest(idle=timedelta(0)))
    assert [r.candidates_created for r in recovered] == [OVER]
    with s.uow() as uow:
        assert present(uow.sessions.get("sess-big")).finalized_by is FinalizedBy.RECOVERY
    assert container.status().execute().bead_count == CANDIDATE_CAP + OVER  # preferences: wisdom


def test_status_counts_a_session_left_pending_by_the_cap(container: Container, tmp_path: Path) -> None:
    path = _transcript(tmp_path, CANDIDATE_CAP + OVER)
    s = container.sessions
    s.inject_session_start().execute(SessionStartRequest("sess-big", "startup", str(path)))
    s.ingest_spool().execute()
    s.finalize_session().execute(FinalizeRequest("sess-big"))
    assert s.session_status().execute().counts.capped == 1
    s.recover_sessions().execute(RecoverRequest(idle=timedelta(0)))
    assert s.session_status().execute().counts.capped == 0
