"""Only the invoked command's module is imported (issue 13): a fresh interpreter per case."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.e2e

PROBE = """
import json, sys
from typer.testing import CliRunner
from abzu.entrypoints.cli.app import create_app
result = CliRunner().invoke(create_app(), sys.argv[1:])
print(json.dumps({"exit": result.exit_code, "out": result.output,
                  "modules": sorted(m for m in sys.modules
                                    if m.startswith(("abzu.", "sqlalchemy", "dependency_injector")))}))
"""


def run(*args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          check=True, timeout=60)
    answer: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return answer


def test_a_command_loads_its_own_module_and_not_the_others() -> None:
    answer = run("redact", "nothing secret here")
    modules = answer["modules"]
    assert answer["exit"] == 0
    assert isinstance(modules, list) and "abzu.entrypoints.cli.redact_command" in modules
    assert "abzu.entrypoints.cli.eval_commands" not in modules
    assert "abzu.entrypoints.wiring.container" not in modules
    assert not any(m.startswith("sqlalchemy") for m in modules)


def test_help_still_lists_every_command() -> None:
    out = str(run("--help")["out"])
    for name in ("remember", "recall", "star", "status", "review", "candidates", "unflag", "mcp",
                 "redact", "hook", "finalize", "recover", "install", "uninstall", "scrub", "eval"):
        assert f" {name} " in out


def test_a_mistyped_command_is_answered_with_a_suggestion() -> None:
    answer = run("recal", "x")
    assert answer["exit"] != 0 and "recall" in str(answer["out"])


def test_the_memory_commands_run_without_the_container(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ABZU_HOME", str(tmp_path))
    stored = run("remember", "Always pin the sqlite version", "--category", "preference", "--global")
    assert stored["exit"] == 0
    found = run("recall", "sqlite", "--json")
    modules = found["modules"]
    assert found["exit"] == 0 and "Always pin the sqlite version" in str(found["out"])
    assert isinstance(modules, list) and "abzu.entrypoints.wiring.container" not in modules
    assert not any(m.startswith("dependency_injector") for m in modules)
    assert not any(m.startswith(("abzu.application.scrub", "abzu.application.extraction")) for m in modules)


@pytest.mark.parametrize("args", [
    ["remember", "Always pin the sqlite version", "-c", "preference", "--global", "--json"],
    ["recall", "sqlite", "--json"], ["recall", "sqlite"],
])
def test_the_memory_commands_take_the_standard_library_front(
    args: list[str], tmp_path: object, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through the installed entry point: no typer, click, rich or pydantic on the way."""
    monkeypatch.setenv("ABZU_HOME", str(tmp_path))
    probe = subprocess.run([sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", *args],
                           capture_output=True, text=True, timeout=60, check=False)
    assert probe.returncode == 0, probe.stderr[-500:]
    imported = {line.split("|")[-1].strip() for line in probe.stderr.splitlines() if "|" in line}
    assert "abzu.entrypoints.cli.fast" in imported
    heavy = {"typer", "click", "rich", "pydantic", "pydantic_settings", "dependency_injector"}
    assert imported & heavy == set()
