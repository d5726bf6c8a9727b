"""What an MCP client sees before calling anything: four tools, their schemas and hints."""

from pathlib import Path

import pytest
from mcp.server import MCPServer

from abzu.entrypoints.mcp_server.runtime import App
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.mcp_support import tools

FOUR = {"enki_remember", "enki_recall", "enki_star", "enki_status"}
CATEGORIES = ["decision", "learning", "pattern", "fix", "preference"]


@pytest.fixture
def server(container: Container) -> MCPServer[App]:
    return build_server(container)


def test_exactly_the_four_tools_of_the_spec(server: MCPServer[App]) -> None:
    assert set(tools(server)) == FOUR


def test_each_tool_has_a_one_line_description(server: MCPServer[App]) -> None:
    for tool in tools(server).values():
        assert tool.description and "\n" not in tool.description.strip()


def test_remember_says_when_it_is_meant_to_be_called_as_the_session_start_line_does(
    server: MCPServer[App],
) -> None:
    from abzu.domain.sessions.capture_hint import CAPTURE_LINE, WORTH_KEEPING

    described = tools(server)["enki_remember"].description or ""
    assert WORTH_KEEPING in described and WORTH_KEEPING in CAPTURE_LINE
    assert WORTH_KEEPING in (server.instructions or "")


def test_remember_takes_content_and_one_of_five_categories(server: MCPServer[App]) -> None:
    schema = tools(server)["enki_remember"].input_schema
    assert schema["required"] == ["content", "category"]
    assert schema["properties"]["category"]["enum"] == CATEGORIES
    assert set(schema["properties"]) == {"content", "category", "project", "summary", "tags", "context",
                                        "files", "commands"}


def test_recall_takes_a_query_a_scope_and_a_bounded_limit(server: MCPServer[App]) -> None:
    schema = tools(server)["enki_recall"].input_schema
    props = schema["properties"]
    assert schema["required"] == ["query"]
    assert props["scope"]["enum"] == ["project", "all"] and props["scope"]["default"] == "project"
    assert (props["limit"]["default"], props["limit"]["minimum"], props["limit"]["maximum"]) == (10, 1, 100)


def test_star_takes_a_bead_id_and_status_takes_nothing(server: MCPServer[App]) -> None:
    listed = tools(server)
    assert listed["enki_star"].input_schema["required"] == ["bead_id"]
    assert listed["enki_status"].input_schema.get("properties", {}) == {}


def test_no_schema_exposes_the_context_or_the_container(server: MCPServer[App]) -> None:
    for tool in tools(server).values():
        # enki_remember's own `context` (the why of a memory) is a plain optional string.
        properties = dict(tool.input_schema.get("properties", {}))
        why = properties.pop("context", {"type": "string"})
        assert {"type": "string"} in why.get("anyOf", [why])
        text = str(properties).lower()
        assert "ctx" not in properties
        assert "context" not in text and "container" not in text and "$ref" not in str(tool.input_schema)


def test_recall_and_status_are_read_only(server: MCPServer[App]) -> None:
    listed = tools(server)
    for name in ("enki_recall", "enki_status"):
        hints = listed[name].annotations
        assert hints is not None and hints.read_only_hint is True and hints.open_world_hint is False


def test_remember_and_star_write_but_destroy_nothing(server: MCPServer[App]) -> None:
    listed = tools(server)
    for name in ("enki_remember", "enki_star"):
        hints = listed[name].annotations
        assert hints is not None
        assert (hints.read_only_hint, hints.destructive_hint, hints.idempotent_hint) == (False, False, True)


def test_output_schemas_are_the_published_contract(server: MCPServer[App]) -> None:
    listed = tools(server)

    def fields(name: str) -> set[str]:
        schema = listed[name].output_schema
        assert schema is not None and schema["type"] == "object"
        return set(schema["properties"])

    assert {"id", "destination", "outcome", "project", "superseded_id"} <= fields("enki_remember")
    assert {"notice", "query", "scope", "project", "results"} <= fields("enki_recall")
    item = listed["enki_recall"].output_schema["$defs"]["RecallItem"]["properties"]  # type: ignore[index]
    assert {"id", "source", "reviewed", "project", "created_at", "last_recalled_at", "text"} <= set(item)
    assert {"id", "starred", "weight"} <= fields("enki_star")
    assert {"beads", "staged", "starred", "weights", "last_review_at"} <= fields("enki_status")


def test_listing_tools_opens_no_store(tmp_path: Path, repo: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data home should be")
    assert set(tools(build_server(build_container(Settings(home=blocked), cwd=repo)))) == FOUR
