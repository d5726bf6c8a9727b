"""Commands that check rather than change (a test runner, a type checker, a linter, a build):
re-running one is not a new attempt (attempts.py), and a check that succeeds every session is not a
recurring step worth a pattern (sessions/recurring.py).

How changes are checked was a candidate of its own until the tenth stop: half of those staged on
the blind corpus's tuning half were the toolchain's default (`cargo check`, `uv run pytest -q`),
which no one needs to be told (docs/capture.md).
"""

import re

from abzu.domain.extraction.rules import is_read_only

# Words of the ecosystem's verification tools, not of any one person's phrasing.
_CHECKS = re.compile(
    r"\b(?:test|tests|spec|check|typecheck|type-check|lint|build|verify|vet|clippy|tsc|mypy|pyright"
    r"|ruff|flake8|pylint|pytest|tox|nox|jest|vitest|mocha|rspec|phpunit|eslint|ctest)\b",
    re.IGNORECASE,
)
# Version control, clients and housekeeping; looks are rules.is_read_only's.
_NOT_A_CHECK = re.compile(r"^(?:git|gh|docker|kubectl|curl|wget|cd|pushd|mkdir|rm|cp|mv|echo|printf)\b")


def is_check(command: str) -> bool:
    stage = command.split("&&")[-1].strip()
    return _CHECKS.search(stage) is not None and _NOT_A_CHECK.match(stage) is None and not is_read_only(stage)
