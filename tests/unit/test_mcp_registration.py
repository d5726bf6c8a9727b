import json
import sys
from pathlib import Path

import pytest

from abzu.entrypoints.mcp_registration import (
    claude_add_command,
    installed_executable,
    mcp_json,
    server_entry,
)

ABZU = Path("/opt/tools/venv/bin/abzu")


def test_entry_runs_the_installed_abzu_with_the_mcp_command() -> None:
    assert server_entry(ABZU) == {"type": "stdio", "command": str(ABZU), "args": ["mcp"], "env": {}}


def test_a_non_default_data_home_travels_in_the_environment() -> None:
    assert server_entry(ABZU, home=Path("/data/abzu"))["env"] == {"ABZU_HOME": "/data/abzu"}


def test_a_relative_command_is_refused() -> None:
    with pytest.raises(ValueError, match="absolute"):
        server_entry(Path("abzu"))


def test_mcp_json_is_a_valid_project_file() -> None:
    document = json.loads(json.dumps(mcp_json(server_entry(ABZU))))
    assert document["mcpServers"]["abzu"]["args"] == ["mcp"]


def test_claude_mcp_add_line_passes_everything_after_the_separator_to_the_server() -> None:
    line = claude_add_command(server_entry(ABZU, home=Path("/data/abzu")))
    assert line == ["claude", "mcp", "add", "--scope", "user", "--env", "ABZU_HOME=/data/abzu",
                    "abzu", "--", str(ABZU), "mcp"]


def test_the_installed_script_beside_this_interpreter_is_found() -> None:
    found = installed_executable()
    assert found is not None and found.is_absolute() and found.parent == Path(sys.executable).parent
