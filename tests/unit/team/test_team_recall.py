"""Recall with a team joined: the team's memories join the one ranking, each naming its author;
a team copy of a local memory is left out, and team memories never count as recalled here."""

from collections.abc import Sequence
from datetime import datetime

from abzu.application.recall import Recall, RecallRequest
from abzu.application.team.ports import TeamTerms
from abzu.domain.category import Category
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts, shared_weights
from tests.fakes import T0, FakeUnitOfWork, FixedClock, FixedWorkspace, bead


class FakeTeam:
    def __init__(self, *hits: SearchHit, counts: TermCounts | None = None, live: bool = False) -> None:
        self.hits, self.asked = list(hits), []
        self.counts, self.live = counts, live

    def term_counts(self, terms: Sequence[str]) -> TeamTerms:
        return TeamTerms((self.counts or TermCounts([0] * len(terms), 0),), live=self.live)

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TeamTerms | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        self.asked.append((tuple(terms), scope, weights))
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


def test_the_team_store_counts_in_each_words_weight() -> None:
    """One weight a word over every store read (domain/term_weights.py): a word only the team
    holds still weighs in the local stores' ceilings, and the team searches with the same weights."""
    uow = FakeUnitOfWork()
    uow.projects.paths.update({"api": "/src/api"})
    uow.beads.rows["b-local"] = bead("b-local", "sqlite wal mode")
    team = FakeTeam(team_hit("b-team", 0.9), counts=TermCounts([40, 2], 1000))
    Recall(uow, FixedClock(), FixedWorkspace(), team=team).answer(RecallRequest("sqlite checkpoint"))
    terms, _, weights = team.asked[0]
    local = [uow.beads.term_counts(terms), uow.candidates.term_counts(terms)]
    assert weights == shared_weights([*local, TermCounts([40, 2], 1000)])
    assert weights is not None and weights[1] > 0  # "checkpoint": the team's alone
