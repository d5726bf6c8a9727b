"""Recall with a team joined: the team's memories join the one ranking, each naming its author;
a team copy of a local memory is left out, and team memories never count as recalled here."""

from collections.abc import Sequence
from datetime import datetime

from abzu.application.recall import Recall, RecallRequest
from abzu.domain.category import Category
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope
from tests.fakes import T0, FakeUnitOfWork, FixedClock, FixedWorkspace, bead


class FakeTeam:
    def __init__(self, *hits: SearchHit) -> None:
        self.hits, self.asked = list(hits), []

    def search(self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime) -> list[SearchHit]:
        self.asked.append((tuple(terms), scope))
        return self.hits[:limit]


def team_hit(item_id: str, strength: float, author: str = "alice", source: Source = Source.BEAD) -> SearchHit:
    return SearchHit(item_id, source, Category.DECISION, "api", f"team note {item_id} sqlite", None, T0,
                     strength, 1.0, None, 1.0, None, author=author)


def test_team_memories_rank_with_local_ones_and_name_their_author() -> None:
    uow = FakeUnitOfWork()
    uow.projects.paths.update({"api": "/src/api"})
    uow.beads.rows["b-local"] = bead("b-local", "sqlite wal mode")
    team = FakeTeam(team_hit("b-team", 0.9), team_hit("b-local", 5.0, "bob"), team_hit("c-team", 0.9, "carol",
                                                                                        Source.CANDIDATE))
    found = Recall(uow, FixedClock(), FixedWorkspace(), team=team).answer(RecallRequest("sqlite"))
    assert not isinstance(found, Exception)
    hits = [(h.hit.item_id, h.hit.author) for h in found.hits]
    assert ("b-local", None) in hits and ("b-local", "bob") not in hits  # local first: the copy is left out
    assert {("b-team", "alice"), ("c-team", "carol")} <= set(hits)
    assert hits.index(("b-team", "alice")) < hits.index(("c-team", "carol"))  # reviewed above staged
    assert uow.beads.rows["b-local"].last_accessed == T0
    assert "b-team" not in uow.beads.rows
