"""Use case: `abzu migrate-enki` — old Enki beads become staged candidates (spec Appendix A)."""

from collections import Counter
from dataclasses import dataclass, field

from returns.result import Result

from abzu.application.enki.ports import OldEnkiExport, OldEnkiReader, OldProject, UnreadableStore
from abzu.application.ports import Clock, UnitOfWork
from abzu.application.remember_io import RememberRequest
from abzu.application.remember_many import RememberMany
from abzu.domain.bead import CandidateSource
from abzu.domain.category import Category
from abzu.domain.dedup import DedupOutcome
from abzu.domain.enki.migration import OldBead, Skip, category_of


@dataclass(frozen=True, slots=True)
class Migrated:
    read: int
    staged: int
    already_there: int
    skipped: dict[str, int] = field(default_factory=dict)
    invalid: int = 0
    projects: int = 0
    redactions: int = 0


@dataclass(frozen=True, slots=True)
class MigrateEnki:
    """- Every old bead with text is staged as a candidate (`source = migration`) under its
      mapped category; review then decides what reaches wisdom.db. Nothing is promoted here.
    - Empty beads, beads that are only redaction placeholders and unknown types are skipped.
    - Text goes through the same validation, private-span removal and redaction as `remember`.
    - Idempotent: a bead already staged or promoted (same text, same project) is not staged again.
    - Old projects are registered by name (with their path when no other project has it).
    """

    reader: OldEnkiReader
    remember_many: RememberMany
    uow: UnitOfWork
    clock: Clock

    def execute(self, path: str) -> Result[Migrated, UnreadableStore]:
        return self.reader.read(path).map(self._migrate)

    def _migrate(self, export: OldEnkiExport) -> Migrated:
        projects = self._register(export.projects)
        wanted: list[RememberRequest] = []
        skipped: Counter[str] = Counter()
        for bead in export.beads:
            verdict = category_of(bead)
            if isinstance(verdict, Skip):
                skipped[verdict.value] += 1
            else:
                wanted.append(_request(bead, verdict))
        done = self.remember_many.execute(wanted)
        redactions = sum(r.map(lambda x: x.redactions).value_or(0) for r in done.items)
        staged = done.count(DedupOutcome.STORED) + done.count(DedupOutcome.SUPERSEDED)
        return Migrated(
            read=len(export.beads), staged=staged,
            already_there=done.count(DedupOutcome.SKIPPED_DUPLICATE), skipped=dict(skipped),
            invalid=done.failed, projects=projects, redactions=redactions,
        )

    def _register(self, projects: tuple[OldProject, ...]) -> int:
        """Names first; a path only when it is not already another project's root."""
        added, now = 0, self.clock.now()
        with self.uow as uow:
            for old in projects:
                if uow.projects.exists(old.name):
                    continue
                free = old.path is not None and not uow.projects.name_for_path(old.path)
                uow.projects.register(old.name, old.path if free else None, now)
                added += 1
            uow.commit()
        return added


def _request(bead: OldBead, category: Category) -> RememberRequest:
    return RememberRequest(
        bead.content, category.value, project=bead.project, summary=bead.summary,
        is_global=bead.project is None, source=CandidateSource.MIGRATION,
        context=f"migrated from Enki bead {bead.id}",
    )
