"""`abzu ui` over real SQLite files, through Starlette's TestClient: the token, each page, the
escaping of stored text, and the buttons changing the stores (issue 18)."""

from pathlib import Path

from abzu.application.remember_io import RememberRequest
from abzu.entrypoints.wiring.container import Container
from tests.web.support import SCRIPT, TOKEN, client, csrf, remember, shown


def test_a_request_without_the_token_is_refused(container: Container) -> None:
    web = client(container, logged_in=False)
    for path in ("/", "/search?q=x", "/staging", "/sessions", "/health", "/static/abzu.js"):
        assert web.get(path).status_code == 403
    assert web.get("/search?token=wrong").status_code == 403


def test_the_token_is_traded_for_a_cookie_and_leaves_the_address(container: Container) -> None:
    web = client(container, logged_in=False)
    first = web.get(f"/search?q=wal&token={TOKEN}", follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"] == "/search?q=wal"
    assert "httponly" in first.headers["set-cookie"].lower()
    assert "samesite=strict" in first.headers["set-cookie"].lower()
    assert web.get("/search?q=wal").status_code == 200


def test_every_page_answers_on_an_empty_home(container: Container) -> None:
    web = client(container)
    for path in ("/search", "/search?q=anything", "/staging", "/sessions", "/health"):
        page = web.get(path)
        assert page.status_code == 200, path
        assert "<nav>" in page.text


def test_search_finds_a_memory_with_its_provenance(container: Container) -> None:
    bead = remember(container, "Prefer SQLite WAL mode over rollback journals", "preference")
    staged = remember(container, "WAL needs a shared memory file beside the database")
    page = client(container).get("/search?q=wal&scope=all").text
    assert bead in page and staged in page
    assert page.index(bead) < page.index(staged)  # reviewed beads first
    assert "reviewed" in page and "staged" in page


def test_the_category_filter_keeps_one_category(container: Container) -> None:
    remember(container, "Prefer SQLite WAL mode", "preference")
    staged = remember(container, "WAL mode needs a shared memory file")
    page = client(container).get("/search?q=wal&scope=all&category=learning").text
    assert staged in page and "Prefer SQLite WAL mode" not in page


def test_stored_markup_is_shown_as_text_on_every_page(container: Container) -> None:
    memory_id = remember(container, SCRIPT)
    web = client(container)
    for path in ("/search?q=cache+keys&scope=all", f"/memory/{memory_id}", "/staging"):
        page = web.get(path).text
        assert "<script>document" not in page, path
        assert "&lt;script&gt;document.title=" in page, path


def test_a_memory_page_shows_the_whole_memory_and_its_history(container: Container) -> None:
    memory_id = remember(container, "Use WAL for SQLite", "preference")
    page = client(container).get(f"/memory/{memory_id}").text
    assert "Use WAL for SQLite" in page and "permanent (wisdom.db)" in page
    assert 'id="history"' in page and "no recorded events" not in page


def test_an_unknown_memory_is_a_404(container: Container) -> None:
    assert client(container).get("/memory/b-nothere").status_code == 404


def test_star_flag_and_unflag_change_the_bead(container: Container) -> None:
    memory_id = remember(container, "Use WAL for SQLite", "preference")
    web = client(container)
    token = csrf(web.get(f"/memory/{memory_id}").text)
    assert "starred" in web.post(f"/memory/{memory_id}/star", data={"csrf": token}).text
    flagged = web.post(f"/memory/{memory_id}/flag", data={"csrf": token, "reason": "outdated"}).text
    assert "flagged for deletion" in flagged
    assert getattr(shown(container, memory_id), "gemini_flagged", None) is True
    assert "flag lifted" in web.post(f"/memory/{memory_id}/unflag", data={"csrf": token}).text
    assert getattr(shown(container, memory_id), "gemini_flagged", None) is False
    assert getattr(shown(container, memory_id), "starred", None) is True


def test_a_post_without_the_form_token_changes_nothing(container: Container) -> None:
    memory_id = remember(container, "Use WAL for SQLite", "preference")
    web = client(container)
    assert web.post(f"/memory/{memory_id}/star", data={"csrf": "forged"}).status_code == 403
    assert web.post(f"/memory/{memory_id}/star").status_code == 403
    assert "Star (never decays)" in web.get(f"/memory/{memory_id}").text


def test_anchors_show_beside_the_memory(container: Container, repo: Path) -> None:
    request = RememberRequest("Run the suite with pytest -n 2", "preference",
                              files=(str(repo / "tests/test_x.py"),), commands=("pytest tests",))
    memory_id = container.remember().execute(request).unwrap().id
    web = client(container)
    for path in ("/search?q=suite+pytest&scope=all", f"/memory/{memory_id}"):
        page = web.get(path).text
        assert "file: tests/test_x.py" in page and "command: pytest tests" in page, path
