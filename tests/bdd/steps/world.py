"""The state a scenario builds up: the real container on tmp files, a clock we move, named memories."""

import re
from dataclasses import dataclass, field
from datetime import timedelta

from pytest_bdd import parsers
from returns.result import Result

from abzu.application.projects import ensure_named, project_for_root
from abzu.application.recall import Recalled
from abzu.application.remember import Remembered
from abzu.application.status import MemoryStatus
from abzu.domain.bead import Bead, Candidate, VouchedBy
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.entrypoints.wiring.container import Container
from tests.fakes import FixedClock, candidate

QUOTED = r'"(?P<{0}>[^"]*)"'  # a quoted value that can never swallow a neighbouring quote


def quoted(pattern: str) -> parsers.re:
    """A step pattern where `{q:name}` stands for a double-quoted value captured as `name`."""
    return parsers.re(re.sub(r"\{q:(\w+)\}", lambda m: QUOTED.format(m.group(1)), pattern))


def rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *body = datatable
    return [dict(zip(header, row, strict=True)) for row in body]


@dataclass
class World:
    container: Container
    clock: FixedClock
    ids: dict[str, str] = field(default_factory=dict)
    remembered: list[Remembered] = field(default_factory=list)
    outcome: Result[object, object] | None = None
    recalled: Recalled | None = None

    def project(self, name: str) -> str | None:
        """Register `name` (None for 'global') so memories can belong to it."""
        if name == "global":
            return None
        with self.container.uow() as uow:
            ensure_named(uow.projects, name, self.clock.now())
            uow.commit()
        return name

    def current_project(self) -> str:
        with self.container.uow() as uow:
            root = self.container.workspace().root()
            assert root is not None
            name = project_for_root(uow.projects, root, self.clock.now())
            uow.commit()
        return name

    def add_bead(
        self, name: str, text: str, project: str, *, idle_days: int = 0, recalled: bool = True, **kw: object
    ) -> None:
        """A reviewed bead remembered a day before its last recall, `idle_days` ago (or never recalled)."""
        now, owner = self.clock.now(), self.project(project)
        kw.setdefault("category", Category.LEARNING)
        kw.setdefault("vouched_by", VouchedBy.REVIEW)
        bead = Bead(
            id=f"b-{name}",
            content=text,
            project=owner,
            content_hash=content_hash(text),
            created_at=now - timedelta(days=idle_days + (1 if recalled else 0)),
            last_accessed=now - timedelta(days=idle_days) if recalled else None,
            **kw,  # type: ignore[arg-type]
        )
        with self.container.uow() as uow:
            uow.beads.add(bead)
            uow.commit()
        self.ids[name] = bead.id

    def add_candidate(self, name: str, text: str, project: str) -> None:
        staged: Candidate = candidate(
            f"c-{name}", text, None if project == "global" else project, created_at=self.clock.now()
        )
        with self.container.uow() as uow:
            uow.candidates.add(staged)
            uow.commit()
        self.ids[name] = staged.id

    def bead(self, name: str) -> Bead | None:
        with self.container.uow() as uow:
            return uow.beads.get(self.ids.get(name, name))

    def status(self) -> MemoryStatus:
        return self.container.status().execute()

    def hit_ids(self) -> list[str]:
        assert self.recalled is not None, "nothing was recalled"
        return [h.hit.item_id for h in self.recalled.hits]
