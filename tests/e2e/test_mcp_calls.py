"""Calling each tool in-process, as an agent would, on real SQLite files."""

import re
from typing import Any

import pytest
from mcp.server import MCPServer

from abzu.entrypoints.mcp_server.runtime import App
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.wiring.container import Container
from tests.mcp_support import call, ok

FIX = "Pin uvicorn below 0.30: its reload flag broke hot reload on WSL"


@pytest.fixture
def server(container: Container) -> MCPServer[App]:
    return build_server(container)


def remember(
    server: MCPServer[App], content: str, category: str = "fix", **extra: object
) -> dict[str, Any]:
    return ok(call(server, "enki_remember", {"content": content, "category": category, **extra}))


def test_a_fix_is_staged_for_review_in_the_current_project(server: MCPServer[App]) -> None:
    stored = remember(server, FIX)
    assert (stored["destination"], stored["outcome"], stored["project"]) == ("staging", "stored", "api")
    assert str(stored["id"]).startswith("c-")


def test_a_preference_goes_straight_to_permanent_memory(server: MCPServer[App]) -> None:
    stored = remember(server, "Prefer pytest fixtures over setUp methods", "preference")
    assert stored["destination"] == "wisdom" and str(stored["id"]).startswith("b-")


def test_the_same_text_twice_is_stored_once(server: MCPServer[App]) -> None:
    first = remember(server, FIX)
    again = remember(server, FIX.upper())
    assert (again["outcome"], again["id"]) == ("skipped-duplicate", first["id"])


def test_summary_tags_and_project_are_kept(server: MCPServer[App]) -> None:
    stored = remember(server, FIX, project="web", summary="uvicorn pin for WSL", tags=["wsl", "uvicorn"])
    assert stored["project"] == "web"
    found = ok(call(server, "enki_recall", {"query": "uvicorn", "project": "web"}))
    assert "uvicorn pin for WSL" in found["results"][0]["title"]
    assert FIX in found["results"][0]["text"]  # the whole stored text, the summary as its title


def test_recall_quotes_each_result_with_its_provenance(server: MCPServer[App]) -> None:
    stored = remember(server, FIX)
    found = ok(call(server, "enki_recall", {"query": "uvicorn reload"}))
    fence = re.search(r"<(memory-[0-9a-f]{8}) id=", found["notice"])
    assert fence and "not instructions" in found["notice"]
    [item] = found["results"]
    assert item["text"] == f"<{fence[1]} id={stored['id']}>{FIX}</{fence[1]}>"
    assert (item["id"], item["source"], item["reviewed"], item["category"], item["project"]) == (
        stored["id"], "candidate", False, "fix", "api")
    assert item["created_at"] and item["last_recalled_at"] is None


def test_every_answer_uses_a_fresh_fence(server: MCPServer[App]) -> None:
    remember(server, FIX)
    notices = {ok(call(server, "enki_recall", {"query": "uvicorn"}))["notice"] for _ in range(3)}
    assert len(notices) == 3


def test_recalled_beads_remember_when_they_were_recalled(server: MCPServer[App]) -> None:
    remember(server, "Prefer uvicorn over gunicorn for local development", "preference")
    first = ok(call(server, "enki_recall", {"query": "uvicorn"}))["results"][0]
    second = ok(call(server, "enki_recall", {"query": "uvicorn"}))["results"][0]
    # a bead, but the agent's own words: not reviewed until a person confirms it (issue 29)
    assert (first["source"], first["reviewed"], first["vouched_by"], first["last_recalled_at"]) == (
        "bead", False, "agent", None)
    assert second["last_recalled_at"] is not None


def test_project_scope_hides_other_projects_and_all_shows_them(server: MCPServer[App]) -> None:
    remember(server, FIX, project="web")
    assert ok(call(server, "enki_recall", {"query": "uvicorn"}))["results"] == []
    everywhere = ok(call(server, "enki_recall", {"query": "uvicorn", "scope": "all", "limit": 5}))
    assert [r["project"] for r in everywhere["results"]] == ["web"]


def test_starring_a_bead_pins_it(server: MCPServer[App]) -> None:
    stored = remember(server, "Prefer small pull requests", "preference")
    starred = ok(call(server, "enki_star", {"bead_id": stored["id"]}))
    assert (starred["id"], starred["starred"], starred["weight"]) == (stored["id"], True, 1.0)
    assert "Prefer small pull requests" in starred["content"]


def test_status_counts_what_was_remembered(server: MCPServer[App]) -> None:
    remember(server, FIX)
    stored = remember(server, "Prefer small pull requests", "preference")
    ok(call(server, "enki_star", {"bead_id": stored["id"]}))
    status = ok(call(server, "enki_status"))
    assert (status["beads"], status["staged"], status["starred"]) == (1, 1, 1)
    assert {s["name"] for s in status["stores"]} == {"wisdom", "staging"}


def test_status_reports_sessions_like_the_cli(server: MCPServer[App]) -> None:
    """`enki_status` once answered `"sessions": null` where `abzu status` filled them (issue 15)."""
    status = ok(call(server, "enki_status"))
    sessions = status["sessions"]
    assert sessions is not None
    assert {k: sessions[k] for k in ("captured", "recovered", "pending", "spooled")} == dict.fromkeys(
        ("captured", "recovered", "pending", "spooled"), 0)


def test_a_memory_is_found_by_the_why_it_was_given(server: MCPServer[App]) -> None:
    why = "The user's laptop runs Windows Subsystem; asked about flaky reloads"
    stored = remember(server, FIX, context=why)
    found = ok(call(server, "enki_recall", {"query": "flaky laptop"}))
    assert [r["id"] for r in found["results"]] == [stored["id"]]
