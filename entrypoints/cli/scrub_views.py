"""Output model of `abzu scrub --json` (and of its human rendering)."""

from pydantic import BaseModel

from abzu.application.scrub.scrub_stores import ScrubReport


class ScrubCountView(BaseModel):
    target: str
    place: str
    scanned: int
    changed: int


class ScrubView(BaseModel):
    dry_run: bool
    scanned: int
    changed: int
    counts: list[ScrubCountView]
    problems: list[str]

    @classmethod
    def of(cls, report: ScrubReport) -> "ScrubView":
        counts = [ScrubCountView(target=c.target, place=c.place, scanned=c.scanned, changed=c.changed)
                  for c in report.counts]
        return cls(dry_run=report.dry_run, scanned=report.scanned, changed=report.changed,
                   counts=counts, problems=list(report.problems))
