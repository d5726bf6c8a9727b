"""`abzu profile`: what it prints is stored text, shown through the one renderer (domain/quoting.py)."""

from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli


def test_listing_never_writes_a_stored_escape_sequence_to_the_terminal(container: Container) -> None:
    cli = Cli(container)
    hostile = "vim\x1b]0;pwned\x07\x1b[2J"  # set the window title, then clear the screen
    assert cli("profile", "set", "editor", hostile, "--source", "inferred").code == 0

    listed = cli("profile")

    assert listed.code == 0 and "\x1b" not in listed.stdout and "\x07" not in listed.stdout
    assert "editor = vim]0;pwned[2J  (inferred)" in listed.stdout
