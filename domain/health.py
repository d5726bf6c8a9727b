"""What `abzu doctor` found: one finding per check and target, healthy or not (issue 15)."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finding:
    """`problem` is None when the check passed; `repairable` says whether `--repair` can fix it."""

    target: str
    check: str
    problem: str | None = None
    repairable: bool = False

    @property
    def ok(self) -> bool:
        return self.problem is None


@dataclass(frozen=True, slots=True)
class HealthReport:
    findings: tuple[Finding, ...]
    repaired: tuple[str, ...] = ()

    @property
    def healthy(self) -> bool:
        return all(f.ok for f in self.findings)

    @property
    def problems(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if not f.ok)
