"""How this project checks a change (issue 30.2): a pattern read from the session's shape.

The commands that passed after the session's last edit of a file, and that check rather than
change (a test runner, a type checker, a linter, a build), are how work is verified in this
project: the labelling guide's own example of a pattern ("the command that runs the tests").
One candidate per session at most, and only when the session edited files: a session that
only looked checked nothing of its own.
"""

import re
from collections import OrderedDict
from collections.abc import Collection

from abzu.domain.extraction.rules import is_read_only
from abzu.domain.extraction.transcript_text import shorten

# Words of the ecosystem's verification tools, not of any one person's phrasing.
_CHECKS = re.compile(
    r"\b(?:test|tests|spec|check|typecheck|type-check|lint|build|verify|vet|clippy|tsc|mypy|pyright"
    r"|ruff|flake8|pylint|pytest|tox|nox|jest|vitest|mocha|rspec|phpunit|eslint|ctest)\b",
    re.IGNORECASE,
)
# Version control, clients and housekeeping; looks are rules.is_read_only's.
_NOT_A_CHECK = re.compile(r"^(?:git|gh|docker|kubectl|curl|wget|cd|pushd|mkdir|rm|cp|mv|echo|printf)\b")
MAX_CHECKS = 3
# A file or folder argument: which files, not which check. A dotted word is a file only by a
# source or project file's extension: `3.11` (a version), `test.unit` (an npm script) and
# `app.run` (a module) name the check itself.
_PATH = re.compile(
    r"[/\\]|\.(?:py|pyi|ts|tsx|js|jsx|mjs|cjs|go|rs|rb|java|kt|cs|csproj|fsproj|sln|swift|php|c|h|cc|cpp"
    r"|hpp|ex|exs|json|toml|ya?ml|md|txt|sh|ini|cfg|xml|html|css|scss|vue|svelte|sql|lock)$",
    re.IGNORECASE,
)
_REDIRECT = re.compile(r"^\d?>&?\d?$|^\d?>>?$")


def is_check(command: str) -> bool:
    stage = command.split("&&")[-1].strip()
    return _CHECKS.search(stage) is not None and _NOT_A_CHECK.match(stage) is None and not is_read_only(stage)


class CheckTracker:
    def __init__(self) -> None:
        self.edited = False
        self._passed: OrderedDict[str, str] = OrderedDict()  # check -> its message, since the last edit

    def on_edit(self) -> None:
        self.edited = True
        self._passed.clear()

    def on_command(self, command: str, succeeded: bool, uuid: str) -> None:
        if not succeeded:
            self._passed.pop(command, None)
        elif is_check(command) and (command in self._passed or len(self._passed) < MAX_CHECKS):
            self._passed[command] = uuid

    def pattern(self, proofs: Collection[str] = ()) -> tuple[str, str] | None:
        """The pattern's text and the message of the last check that passed; none when every
        check is the proof of a fix of the session (`proofs`: the fix says it already)."""
        if not (self.edited and self._passed) or all(c in proofs for c in self._passed):
            return None
        shown = ", ".join(dict.fromkeys(f"`{shorten(_tools(c), 160)}`" for c in self._passed))
        last = next(reversed(self._passed.values()))
        text = f"How changes are checked in this project: {shown} (passed after the session's last edit)"
        return text, last


def _tools(command: str) -> str:
    """A check as the tools it runs: `uv run ruff check a.py && uv run mypy a.py | tail -5`
    reads `uv run ruff check && uv run mypy`. The files a run named were that session's; a
    chain of four gates cut at 120 characters lost the last ones. The chain's other steps
    (`cd`, an `echo` banner, a `cp` of a fixture, a `git show`) check nothing."""
    stages = []
    for stage in command.split("&&"):
        words = stage.split("|")[0].split()
        kept = [w for i, w in enumerate(words) if i == 0 or not (_PATH.search(w) or _REDIRECT.match(w))]
        if kept and is_check(stage):
            stages.append(" ".join(kept))
    return " && ".join(dict.fromkeys(stages)) or command
