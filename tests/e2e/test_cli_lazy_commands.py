"""Only the invoked command's module is imported (issue 13): a fresh interpreter per case."""

import ast
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


def test_help_lists_every_command_with_its_summary_without_importing_any() -> None:
    answer = run("--help")
    out, modules = " ".join(str(answer["out"]).split()), answer["modules"]
    for name in ("remember", "recall", "star", "status", "review", "candidates", "unflag", "mcp",
                 "redact", "hook", "finalize", "recover", "install", "uninstall", "scrub", "eval"):
        assert f" {name} " in out
    assert "Search permanent memory and staged candidates, best first." in out
    assert "snapshot" not in out  # hidden
    assert isinstance(modules, list)
    loaded = {m for m in modules if m.startswith("abzu.entrypoints.cli.")}
    assert loaded == {"abzu.entrypoints.cli.app", "abzu.entrypoints.cli.context", "abzu.entrypoints.cli.lazy"}


def test_a_command_lists_the_same_summary_in_the_help_once_its_module_is_loaded() -> None:
    """A mistyped command used to load every module; the listing must not change either way."""
    answer = run("recal", "x")
    assert "recall" in str(answer["out"])
    out = " ".join(str(run("recall", "--help")["out"]).split())
    assert "Search permanent memory and staged candidates, best first." in out


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


LAUNCHER = """
import runpy, sys
sys.argv = ["abzu", *sys.argv[1:]]
try:
    runpy.run_module("abzu.entrypoints.launcher", run_name="__main__")
except SystemExit as exit:
    code = exit.code
print(repr(sorted(sys.modules)), file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize("args", [
    ["remember", "Always pin the sqlite version", "-c", "preference", "--global", "--json"],
    ["recall", "sqlite", "--json"], ["recall", "sqlite"], ["star", "b-nope"],
])
def test_the_installed_entry_point_runs_the_memory_commands_through_typer_alone(
    args: list[str], tmp_path: object, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One parser (typer's) for every command, and none of the container's stack on the way."""
    monkeypatch.setenv("ABZU_HOME", str(tmp_path))
    made = run("remember", "Stores made (a new store is migrated: Alembic, SQLAlchemy)", "-c", "decision")
    assert made["exit"] == 0
    probe = subprocess.run([sys.executable, "-c", LAUNCHER, *args],
                           capture_output=True, text=True, timeout=60, check=False)
    assert probe.returncode == (1 if args[0] == "star" else 0), probe.stderr[-500:]
    imported = set(ast.literal_eval(probe.stderr.splitlines()[-1]))
    assert "typer" in imported and "abzu.entrypoints.cli.memory" in imported
    assert "argparse" not in imported and "abzu.entrypoints.wiring.container" not in imported
    assert {m.split(".")[0] for m in imported} & {"sqlalchemy", "dependency_injector", "alembic"} == set()
