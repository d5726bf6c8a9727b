"""Shared by the web page's tests: memories stored through the real use cases, a logged-in client."""

import re

from starlette.testclient import TestClient

from abzu.application.manage.show import Memory, ShowMemory
from abzu.application.remember_io import RememberRequest
from abzu.domain.bead import VouchedBy
from abzu.entrypoints.web.app import build_app
from abzu.entrypoints.wiring.container import Container

TOKEN = "test-token-1234"
SCRIPT = "Cache keys <script>document.title='pwned'</script> expire hourly"


def remember(container: Container, text: str, category: str = "learning",
             vouched_by: VouchedBy = VouchedBy.PERSON) -> str:
    """Stored as the CLI stores it: a preference typed by a person is reviewed at once."""
    found = container.remember().execute(RememberRequest(text, category, vouched_by=vouched_by)).unwrap()
    return found.id


def client(container: Container, *, logged_in: bool = True) -> TestClient:
    web = TestClient(build_app(container, TOKEN), follow_redirects=True)
    if logged_in:
        assert web.get(f"/?token={TOKEN}").status_code == 200
    return web


def csrf(page_html: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', page_html)
    assert found, "the page has no form"
    return found.group(1)


def shown(container: Container, memory_id: str) -> Memory | None:
    """The memory as `abzu show` finds it now (None: in neither store)."""
    found = ShowMemory(container.read_uow()).execute(memory_id)
    return found.map(lambda shown: shown.memory).value_or(None)
