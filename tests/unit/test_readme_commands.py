"""The README's two commands stay honest: CI runs the test command word for word, and the user
install command uses only what it installs (issue 19)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def command_under(heading: str) -> str:
    """The first ```bash block after `heading`, as one line."""
    section = README.split(f"## {heading}\n", 1)[1]
    block = re.search(r"```bash\n(.*?)\n```", section, re.S)
    assert block, f"no bash block under {heading!r}"
    return block.group(1).strip()


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    command = command_under("Develop and run the tests")
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "-n auto" in command and '-m "not serial"' in command and "-m serial" in command


def test_the_user_install_command_installs_abzu_before_using_it() -> None:
    command = command_under("Install and try it")
    steps = command.split(" && ")
    first_use = next(i for i, s in enumerate(steps) if s.startswith("abzu "))
    assert any(s.startswith(("pipx install .", "uv tool install .")) for s in steps[:first_use])
    assert "abzu recall" in command and ".venv" not in command  # a user install, not the dev one


def test_the_readme_points_only_at_files_a_clone_has() -> None:
    assert "../shared" not in README
