"""`abzu ui` in a real headless Chromium (issue 18): search finds a memory, promoting a candidate
moves it to permanent memory, a stored `<script>` is shown as text and never runs, and a
request without the token gets 403. Each page's screenshot is saved (see conftest.py)."""

import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def by_css(driver: Any, selector: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def loaded(driver: Any, selector: str) -> None:
    """Waits for the page's script to fill a fragment (it fetches it after the page is shown)."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 30).until(lambda d: by_css(d, selector).get_attribute("data-loaded") == "1")


def open_page(driver: Any, page: Page, path: str) -> None:
    """The first visit trades the token for the cookie; later ones go straight to `path`."""
    if not driver.get_cookies():
        driver.get(page.url)
    driver.get(page.base + path)


def test_search_finds_a_memory(driver: Any, page: Page, shots: Path) -> None:
    open_page(driver, page, "/search")
    box = by_css(driver, "#q")
    box.send_keys("rollback journals")
    box.submit()
    hits = by_css(driver, "#hits").text
    assert page.ids["preference"] in hits and "Prefer SQLite WAL mode" in hits
    driver.save_screenshot(str(shots / "search.png"))


def test_a_stored_script_is_shown_as_text_and_never_runs(driver: Any, page: Page, shots: Path) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    memory_id = page.ids["script"]
    for path in (f"/memory/{memory_id}", "/search?q=cache+keys&scope=all", "/staging"):
        open_page(driver, page, path)
        assert "pwned" not in driver.title, path
        assert "<script>document.title='pwned'</script>" in driver.find_element("tag name", "main").text
        assert driver.execute_script("return document.querySelectorAll('main script, main img').length") == 0
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text  # noqa: B018 (reading it is the check)
    open_page(driver, page, f"/memory/{memory_id}")
    driver.save_screenshot(str(shots / "memory.png"))


def test_promoting_a_candidate_moves_it_to_permanent_memory(driver: Any, page: Page, shots: Path) -> None:
    staged = page.ids["staged"]
    open_page(driver, page, "/staging")
    loaded(driver, f'section[id="{staged}"] .similar')
    assert "Prefer SQLite WAL mode" in by_css(driver, f'section[id="{staged}"] .similar').text
    driver.save_screenshot(str(shots / "staging.png"))
    by_css(driver, f'section[id="{staged}"] button.promote').click()
    note = by_css(driver, "#note").text
    assert f"promoted {staged} as b-" in note
    bead_id = note.rsplit(" as ", 1)[1].strip()
    assert staged not in by_css(driver, "main").text.replace(note, "")
    open_page(driver, page, f"/memory/{bead_id}")
    assert "permanent (wisdom.db)" in by_css(driver, "main").text
    assert "shared memory file" in by_css(driver, "#content").text


def test_sessions_and_health_pages(driver: Any, page: Page, shots: Path) -> None:
    open_page(driver, page, "/sessions")
    assert "of 9500 characters" in by_css(driver, "#budget").text
    driver.save_screenshot(str(shots / "sessions.png"))
    open_page(driver, page, "/health")
    assert by_css(driver, "svg.chart").is_displayed()
    assert not driver.find_elements("css selector", "#doctor")  # the slow checks only when asked
    by_css(driver, "#run-doctor").click()
    loaded(driver, "#doctor-holder")
    assert "integrity" in by_css(driver, "#doctor").text
    driver.save_screenshot(str(shots / "health.png"))


def test_a_request_without_the_token_gets_403(driver: Any, page: Page) -> None:
    driver.delete_all_cookies()
    driver.get(page.base + "/search?q=wal")
    assert "403 Forbidden" in by_css(driver, "body").text
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(page.base + "/health", timeout=30)
    assert refused.value.code == 403
