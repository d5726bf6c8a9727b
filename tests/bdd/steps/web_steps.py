"""Steps for features/web_page.feature: the `abzu ui` page through Starlette's TestClient."""

import re

import pytest
from markupsafe import escape
from pytest_bdd import then, when
from starlette.testclient import TestClient

from abzu.application.manage.show import ShowMemory
from abzu.domain.bead import Bead, Candidate
from tests.bdd.steps.world import World, quoted
from tests.web.support import client, csrf


@pytest.fixture
def page_answer() -> dict[str, object]:
    return {}


def _browser(world: World, answer: dict[str, object], *, logged_in: bool = True) -> TestClient:
    web = client(world.container, logged_in=logged_in)
    answer["client"] = web
    return web


@when(quoted("someone without the token opens {q:path}"))
def _(world: World, page_answer: dict[str, object], path: str) -> None:
    response = _browser(world, page_answer, logged_in=False).get(path)
    page_answer.update(status=response.status_code, text=response.text)


@when(quoted("I search the page for {q:query}"))
def _(world: World, page_answer: dict[str, object], query: str) -> None:
    response = _browser(world, page_answer).get("/search", params={"q": query})
    page_answer.update(status=response.status_code, text=response.text)


@when("I open the staging queue")
def _(world: World, page_answer: dict[str, object]) -> None:
    response = _browser(world, page_answer).get("/staging")
    page_answer.update(status=response.status_code, text=response.text)


@when(quoted("I promote {q:name} from the staging queue"))
def _(world: World, page_answer: dict[str, object], name: str) -> None:
    web = _browser(world, page_answer)
    form = {"csrf": csrf(web.get("/staging").text), "action": "promote"}
    page_answer["text"] = web.post(f"/staging/{world.ids[name]}", data=form).text


@when("I undo the last review from the page")
def _(world: World, page_answer: dict[str, object]) -> None:
    web = _browser(world, page_answer)
    page_answer["text"] = web.post("/staging/undo", data={"csrf": csrf(web.get("/staging").text)}).text


@then(quoted(r"the page answers (?P<status>\d+)"))
def _(page_answer: dict[str, object], status: str) -> None:
    assert page_answer["status"] == int(status)


@then(quoted("the page lists {q:first} as reviewed before {q:second} as staged"))
def _(world: World, page_answer: dict[str, object], first: str, second: str) -> None:
    text = str(page_answer["text"])
    assert text.index(world.ids[first]) < text.index(world.ids[second])
    assert 'class="tag reviewed">reviewed' in text and 'class="tag staged">staged' in text


@then(quoted("the page shows {q:text} as text"))
def _(page_answer: dict[str, object], text: str) -> None:
    shown = str(page_answer["text"])
    assert text not in shown and str(escape(text)) in shown  # escaped as Jinja2 escapes


@then(quoted("{q:name} is no longer staged and a permanent bead holds its text"))
def _(world: World, page_answer: dict[str, object], name: str) -> None:
    found = re.search(f"promoted {world.ids[name]} as (b-[0-9a-f]+)", str(page_answer["text"]))
    assert found, "the page did not say what it promoted"
    bead_id = found.group(1)
    assert isinstance(_shown(world, bead_id), Bead) and _shown(world, world.ids[name]) is None


@then(quoted("{q:name} is staged again"))
def _(world: World, name: str) -> None:
    assert isinstance(_shown(world, world.ids[name]), Candidate)


def _shown(world: World, memory_id: str) -> Bead | Candidate | None:
    found = ShowMemory(world.container.read_uow()).execute(memory_id)
    return found.map(lambda shown: shown.memory).value_or(None)
