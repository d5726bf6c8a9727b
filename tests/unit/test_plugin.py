"""The Claude Code plugin in plugin/ (issue 19): a valid manifest, and the same hooks and MCP server
entry `abzu install --mcp` writes, calling the `abzu` on PATH."""

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from abzu.adapters.claude_settings import HOOKS, mcp_server, merge_hooks

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "plugin"


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_manifest_names_the_plugin_and_its_version() -> None:
    manifest = load(PLUGIN / ".claude-plugin" / "plugin.json")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", manifest["name"])  # kebab-case, as Claude Code wants
    assert (manifest["name"], manifest["version"], manifest["license"]) == ("abzu", version, "MIT")
    assert manifest["description"] and manifest["author"]["name"]


def test_the_plugin_hooks_are_exactly_what_abzu_install_writes() -> None:
    hooks = load(PLUGIN / "hooks" / "hooks.json")
    assert hooks["hooks"] == merge_hooks({}, "abzu")["hooks"]
    assert set(hooks["hooks"]) == {spec.event for spec in HOOKS}
    assert set(hooks) == {"description", "hooks"}


def test_the_plugin_mcp_server_is_what_abzu_install_mcp_writes() -> None:
    assert load(PLUGIN / ".mcp.json") == {"mcpServers": {"abzu": mcp_server("abzu")}}


def test_the_repository_is_a_marketplace_listing_the_plugin() -> None:
    market = load(ROOT / ".claude-plugin" / "marketplace.json")
    [entry] = market["plugins"]
    assert (market["name"], market["owner"]["name"]) == ("abzu", "The Abzu authors")
    assert (ROOT / entry["source"] / ".claude-plugin" / "plugin.json").is_file()
