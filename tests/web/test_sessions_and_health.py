"""The Sessions and Health pages (issue 18)."""

from pathlib import Path

from abzu.domain.injection import HARD_CAP
from abzu.domain.sessions.record import FinalizedBy, HookEvent, SessionEvent
from abzu.domain.sessions.summary import SessionSummary
from abzu.entrypoints.wiring.container import Container
from tests.web.support import client, csrf, remember


def test_sessions_shows_the_block_a_session_would_get_and_its_size(container: Container) -> None:
    remember(container, "Prefer SQLite WAL mode", "preference")
    page = client(container).get("/sessions").text
    assert f"of {HARD_CAP} characters" in page
    assert 'id="injected"' in page and "session start" in page


def test_showing_the_preview_records_nothing(container: Container, abzu_home: Path, repo: Path) -> None:
    (repo / ".enki").mkdir()
    client(container).get("/sessions")
    assert not (repo / ".enki" / "SESSION_ID").exists()
    spool = abzu_home / "spool"
    assert not spool.exists() or not any(spool.rglob("*injection*"))
    assert "<td>0</td><td>0</td><td>0</td>" in client(container).get("/sessions").text


def test_health_draws_the_weights_and_lists_reviews(container: Container) -> None:
    remember(container, "Prefer SQLite WAL mode", "preference")
    staged = remember(container, "WAL mode needs a shared memory file")
    web = client(container)
    web.post(f"/staging/{staged}", data={"csrf": csrf(web.get("/staging").text), "action": "promote"})
    page = web.get("/health").text
    assert "<svg" in page and "weight 1: 2" in page  # both live beads at full weight
    assert "human" in page and "no review yet" not in page
    assert 'href="/health/doctor" id="run-doctor"' in page and 'id="doctor"' not in page  # on demand
    checks = web.get("/health/doctor").text
    assert 'id="doctor"' in checks and "integrity" in checks and "problem" not in checks


def test_recent_sessions_show_their_state_and_final_summary(container: Container) -> None:
    now = container.clock().now()
    with container.sessions.uow() as uow:
        for sid in ("s-done", "s-open"):
            started = SessionEvent(sid, HookEvent.SESSION_START, now, transcript_path=f"/t/{sid}.jsonl")
            uow.sessions.record(started, "api")
        uow.summaries.add(SessionSummary(id="sum-1", session_id="s-done", project="api", sequence=0,
                                         created_at=now, conversational_state="Chose <b>WAL</b> mode",
                                         is_final=True))
        uow.sessions.mark_finalized("s-done", at=now, by=FinalizedBy.SESSION_END)
        uow.commit()
    page = client(container).get("/sessions").text
    recent = page.split('id="recent"', 1)[1].split("</table>", 1)[0]
    assert "s-done" in recent and "s-open" in recent and "session_end" in recent and "pending" in recent
    assert "Chose &lt;b&gt;WAL&lt;/b&gt; mode" in recent
