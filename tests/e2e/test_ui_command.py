"""`abzu ui` as a user starts it: a process that prints its address with a fresh token, answers
that token (then its cookie) and refuses everything else (issue 18)."""

import http.cookiejar
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def started(home: Path, cwd: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "abzu.entrypoints.launcher", "ui", "--no-open", *args],
        cwd=cwd, env={**os.environ, "ABZU_HOME": str(home)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )


@pytest.fixture
def server(abzu_home: Path, repo: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    process = started(abzu_home, repo)
    try:
        assert process.stdout is not None
        words = process.stdout.readline().split()
        yield process, (words[-1] if words else "")
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_it_prints_a_loopback_address_with_a_token(server: tuple[subprocess.Popen[str], str]) -> None:
    _, url = server
    assert url.startswith("http://127.0.0.1:") and "/?token=" in url
    assert len(url.split("token=", 1)[1]) >= 32


def test_the_token_opens_the_page_and_nothing_else_does(server: tuple[subprocess.Popen[str], str]) -> None:
    _, url = server
    base = url.split("/?", 1)[0]
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with browser.open(url, timeout=30) as page:  # the redirect keeps the cookie, drops the token
        assert page.status == 200 and page.url == f"{base}/search"
        assert "Search memory" in page.read().decode()
    with browser.open(f"{base}/health", timeout=30) as page:
        assert page.status == 200
    for stranger in (f"{base}/search", f"{base}/search?token=guess"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(stranger, timeout=30)
        assert refused.value.code == 403


def test_a_port_in_use_is_one_line_on_stderr(abzu_home: Path, repo: Path,
                                              server: tuple[subprocess.Popen[str], str]) -> None:
    port = server[1].split(":")[2].split("/")[0]
    second = started(abzu_home, repo, "--port", port)
    _, err = second.communicate(timeout=60)
    assert second.returncode == 1
    assert err.startswith(f"error: cannot listen on 127.0.0.1:{port}") and "Traceback" not in err
