"""`abzu doctor`: run every health check; with repair, fix what can be fixed and check again."""

from collections.abc import Sequence
from typing import Protocol

from abzu.domain.health import Finding, HealthReport


class HealthCheck(Protocol):
    """One part of the data home (a store, the folder's permissions) that can check itself."""

    def check(self) -> list[Finding]: ...

    def repair(self) -> list[str]:
        """Fix what `check` reported as repairable; say what was done, one line per action."""
        ...


class RunDoctor:
    def __init__(self, checks: Sequence[HealthCheck]) -> None:
        self._checks = checks

    def execute(self, *, repair: bool = False) -> HealthReport:
        found = [check.check() for check in self._checks]
        if not repair:
            return HealthReport(tuple(f for findings in found for f in findings))
        repaired: list[str] = []
        for check, findings in zip(self._checks, found, strict=True):
            if any(not f.ok and f.repairable for f in findings):
                repaired.extend(check.repair())
        # Checked again: the report says what is still wrong after the repair, not before it.
        after = [f for check in self._checks for f in check.check()]
        return HealthReport(tuple(after), tuple(repaired))

