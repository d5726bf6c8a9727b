"""Secret redaction (interim: the full rule set is being written)."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Redacted:
    text: str
    findings: tuple[Finding, ...]

    @property
    def changed(self) -> bool:
        return bool(self.findings)


def redact(text: str) -> Redacted:
    return Redacted(text, ())
