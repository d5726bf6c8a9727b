"""The staging queue past its first 20 candidates, in a real headless Chromium (issue 18):
the oldest come first, "next candidates" shows the ones behind them, "previous" goes back."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Page, serve
from tests.browser.test_ui_in_chromium import by_css, open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

QUEUED = {f"n{i:02d}": (f"Queue note number {i:02d} about build caches", "learning") for i in range(1, 26)}


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    yield from serve(tmp_path_factory.mktemp("ui-queue"), QUEUED)


def shown_notes(driver: Any) -> list[str]:
    sections = driver.find_elements("css selector", "section.candidate pre.content")
    return [s.text.split("number ", 1)[1][:2] for s in sections]


def test_the_queue_pages_past_the_first_twenty_oldest_first(driver: Any, page: Page, shots: Path) -> None:
    open_page(driver, page, "/staging")
    assert shown_notes(driver) == [f"{i:02d}" for i in range(1, 21)]
    assert "1–20 are shown, more wait behind them" in by_css(driver, "#shown").text
    by_css(driver, "#more").click()
    assert shown_notes(driver) == [f"{i:02d}" for i in range(21, 26)]
    assert "21–25 are shown" in by_css(driver, "#shown").text
    assert not driver.find_elements("css selector", "#more")
    driver.save_screenshot(str(shots / "staging-page-2.png"))
    by_css(driver, "#older").click()
    assert shown_notes(driver)[0] == "01"
