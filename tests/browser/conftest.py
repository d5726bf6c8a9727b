"""A real `abzu ui` process and a headless Chromium (Debian's chromium + chromium-driver) driven by
Selenium. Missing browser: the tests skip and say why, unless ABZU_REQUIRE_BROWSER=1 (CI), where
they fail. Safe under pytest-xdist: each module gets its own data home, a free port chosen by
the server and its own Chromium profile folder."""

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from abzu.application.remember_io import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

CHROMIUM, CHROMEDRIVER = "chromium", "chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Page:
    """The running page: its address with the token, the base without, and the seeded ids."""

    url: str
    base: str
    ids: dict[str, str]


def browser_paths() -> tuple[str, str]:
    chromium, driver = shutil.which(CHROMIUM), shutil.which(CHROMEDRIVER)
    if chromium and driver:
        return chromium, driver
    reason = ("headless browser tests need Debian's chromium and chromium-driver: "
              "apt-get install -y chromium chromium-driver")
    if os.environ.get("ABZU_REQUIRE_BROWSER") == "1":
        pytest.fail(f"ABZU_REQUIRE_BROWSER=1 and {reason}")
    pytest.skip(reason)


def screenshot_dir(tmp: Path) -> Path:
    """ABZU_SCREENSHOTS_DIR if set; docs/screenshots/ with ABZU_SCREENSHOTS=1; else the run's tmp."""
    if named := os.environ.get("ABZU_SCREENSHOTS_DIR"):
        folder = Path(named)
    elif os.environ.get("ABZU_SCREENSHOTS") == "1":
        folder = ROOT / "docs" / "screenshots"
    else:
        folder = tmp / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


SEEDS = {
    "preference": ("Prefer SQLite WAL mode over rollback journals", "preference"),
    "staged": ("WAL mode needs a shared memory file beside the database", "learning"),
    "script": ("Cache keys expire hourly <script>document.title='pwned'</script>"
               "<img src=x onerror=\"document.title='pwned'\">", "learning"),
    "fix": ("Fix: raise the busy timeout to 5 s when the database is locked", "fix"),
}


def seed(home: Path, repo: Path, seeds: dict[str, tuple[str, str]]) -> dict[str, str]:
    container = build_container(Settings(home=home), cwd=repo)
    try:
        return {key: container.remember().execute(RememberRequest(text, category)).unwrap().id
                for key, (text, category) in seeds.items()}
    finally:
        container.shutdown_resources()


def serve(tmp: Path, seeds: dict[str, tuple[str, str]]) -> Iterator[Page]:
    """A real `abzu ui --no-open` on a fresh data home holding `seeds`, stopped afterwards."""
    browser_paths()
    home, repo = tmp / "home", tmp / "src" / "api"
    (repo / ".git").mkdir(parents=True)
    ids = seed(home, repo, seeds)
    env = {**os.environ, "ABZU_HOME": str(home)}
    server = subprocess.Popen([sys.executable, "-m", "abzu.entrypoints.launcher", "ui", "--no-open"],
                              cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        words = server.stdout.readline().split() if server.stdout else []
        url = words[-1] if words else ""
        if not url.startswith("http://127.0.0.1:"):
            server.kill()
            pytest.fail(f"abzu ui printed no address: {server.stderr.read() if server.stderr else ''}")
        yield Page(url, url.split("/?", 1)[0], ids)
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    yield from serve(tmp_path_factory.mktemp("ui"), SEEDS)


@pytest.fixture(scope="module")
def driver(page: Page, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = browser_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*FLAGS, f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(flag)
    browser = webdriver.Chrome(options=options, service=Service(chromedriver))
    browser.set_window_size(1200, 900)
    browser.set_page_load_timeout(60)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return screenshot_dir(tmp_path_factory.mktemp("shots"))
