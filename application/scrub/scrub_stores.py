"""Use case: re-apply the current redaction rules to everything Abzu has already stored."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from abzu.application.scrub.fields import FieldScrubber
from abzu.application.scrub.ports import NoScrubProgress, ScrubCount, ScrubProgress, ScrubTarget


@dataclass(frozen=True, slots=True)
class ScrubRequest:
    dry_run: bool = False


@dataclass(frozen=True, slots=True)
class ScrubReport:
    counts: tuple[ScrubCount, ...]
    problems: tuple[str, ...]
    dry_run: bool

    @property
    def changed(self) -> int:
        return sum(count.changed for count in self.counts)

    @property
    def scanned(self) -> int:
        return sum(count.scanned for count in self.counts)


@dataclass(frozen=True, slots=True)
class ScrubStores:
    """- Every place Abzu keeps text (wisdom.db, abzu.db, the review snapshots `--undo` restores,
      the log files, the hook spool) is passed through the current rules, in that order.
    - A value is rewritten only when the rules change it. Ids are kept; a changed memory gets
      its content hash recomputed as on the write path, so duplicate detection stays right.
    - Each target then purges what old values left behind (search index segments, free pages,
      journal), even when nothing changed: deleted rows leave residue too.
    - A dry run counts what would change and writes nothing.
    - A part that cannot be scrubbed is reported as a problem; the other targets are still scrubbed.
    - Scrubbing a clean store changes nothing and reports 0.
    """

    targets: Sequence[ScrubTarget]
    transform: Callable[[str], str]

    def execute(self, request: ScrubRequest, progress: ScrubProgress | None = None) -> ScrubReport:
        fields, shown = FieldScrubber(self.transform), progress or NoScrubProgress()
        counts: list[ScrubCount] = []
        problems: list[str] = []
        for target in self.targets:
            done = target.scrub(fields, dry_run=request.dry_run, progress=shown)
            counts += done.counts
            problems += done.problems
        return ScrubReport(tuple(counts), tuple(problems), request.dry_run)
