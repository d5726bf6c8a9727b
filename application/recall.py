"""Use case: recall knowledge by full-text search (spec §8)."""

from dataclasses import dataclass
from typing import TYPE_CHECKING

from abzu.application.projects import project_in_view
from abzu.application.semantic.fusion import DEFAULT_DENSE_WEIGHT, FUSION_DEPTH
from abzu.application.semantic.hybrid_recall import fuse_ranked
from abzu.domain.ranking import RankedHit, RankingPolicy, SearchHit, Source
from abzu.domain.scope import Scope
from abzu.domain.term_weights import shared_weights
from abzu.domain.text import keywords

# `returns`, the error classes and logging load only when used: the CLI's fast front asks
# `Recall.answer`, and its start-up is mostly imports (issue 13: returns alone ~15 ms).
if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from returns.result import Result

    from abzu.application.ports import Clock, UnitOfWork, Workspace
    from abzu.application.semantic.ports import DenseRecall
    from abzu.application.team.ports import TeamRecall
    from abzu.domain.errors import InvalidLimit, InvalidScope

    RecallError = InvalidScope | InvalidLimit

MAX_LIMIT = 100


@dataclass(frozen=True, slots=True)
class RecallRequest:
    query: str
    scope: str = "project"
    project: str | None = None
    limit: int = 10
    relevance_floor: float | None = None


@dataclass(frozen=True, slots=True)
class Recalled:
    query: str
    project: str | None
    scope: str
    hits: tuple[RankedHit, ...]


class Recall:
    """- Searches reviewed beads and staged candidates together; candidates score 0.8x.
    - Default scope: the current (or named) project plus global beads; `all` adds every project.
    - Weak matches (below the relevance floor) are dropped before boosts.
    - Every returned bead counts as recalled: its decay clock restarts; candidates have no clock.
    - The project searched is marked active; recalling a project by a name nobody used yet
      finds only global memories and creates nothing.
    - With `dense` (semantic search on), the lexical ranking is fused with the nearest memories
      by meaning (hybrid_recall.py); memories without a vector keep their lexical score. The
      floor holds there too: a memory found by meaning alone must reach it on its dense relevance.
      If the dense side fails (model, vectors, numpy), the lexical ranking is returned as is.
    - With `team` (a team joined, issue 32), the team's memories join the same ranking, each
      naming its author; a team copy of a local memory (same id) is left out: local first.
      Team memories never count as recalled here (their clocks are the team's).
    """

    __slots__ = ("clock", "dense", "dense_weight", "fetch_factor", "ranking", "team", "uow", "workspace")

    def __init__(self, uow: "UnitOfWork", clock: "Clock", workspace: "Workspace",
                 ranking: RankingPolicy | None = None, fetch_factor: int = 3,
                 dense: "DenseRecall | None" = None, dense_weight: float = DEFAULT_DENSE_WEIGHT,
                 team: "TeamRecall | None" = None) -> None:
        self.uow, self.clock, self.workspace, self.dense = uow, clock, workspace, dense
        self.ranking = RankingPolicy() if ranking is None else ranking
        self.fetch_factor, self.dense_weight, self.team = fetch_factor, dense_weight, team

    def with_dense(self, dense: "DenseRecall | None", dense_weight: float) -> "Recall":
        """This recall with another dense side (what `dataclasses.replace` did before)."""
        return Recall(self.uow, self.clock, self.workspace, self.ranking, self.fetch_factor, dense,
                      dense_weight, self.team)

    def execute(self, request: RecallRequest) -> "Result[Recalled, RecallError]":
        from returns.result import Failure, Success

        answer = self.answer(request)
        return Success(answer) if isinstance(answer, Recalled) else Failure(answer)

    def answer(self, request: RecallRequest) -> "Recalled | RecallError":
        """`execute`'s answer as a plain value (the same rules, without `returns`)."""
        if not 1 <= request.limit <= MAX_LIMIT:
            from abzu.domain.errors import InvalidLimit

            return InvalidLimit(request.limit)
        now = self.clock.now()
        with self.uow as uow:
            project = project_in_view(uow.projects, self.workspace, request.project, now)
            scope = Scope.of(request.scope, project)
            if not isinstance(scope, Scope):
                return scope
            hits = self._search(request, scope)
            uow.beads.mark_recalled(
                [h.hit.item_id for h in hits if h.hit.source is Source.BEAD and h.hit.author is None], now)
            if project is not None:
                uow.projects.touch(project, now)
            uow.commit()
        return Recalled(request.query, project, scope.kind.value, tuple(hits))

    def _search(self, request: RecallRequest, scope: Scope) -> list[RankedHit]:
        terms = keywords(request.query)
        if not terms:
            return []
        fetch, now = max(request.limit * self.fetch_factor, 30), self.clock.now()
        if self.dense is not None:
            self.dense.expect(request.query)  # embedding overlaps the lexical search below
        hits = self._matches(terms, scope, fetch, now)
        policy = self.ranking.with_floor(request.relevance_floor)
        if self.dense is None:
            return policy.rank(hits, focus_project=scope.project, limit=request.limit)
        lexical = policy.rank(hits, focus_project=scope.project, limit=fetch)
        try:
            return self._hybrid(self.dense, request, scope, lexical, policy.relevance_floor)
        except Exception as failed:
            import logging  # only on this rare path: a recall's start-up need not pay for it

            logging.getLogger("abzu").warning(
                "dense recall failed, lexical only: %s: %s", type(failed).__name__,
                " ".join(str(failed).split())[:200])
            return lexical[: request.limit]

    def _matches(self, terms: "Sequence[str]", scope: Scope, limit: int, now: "datetime") -> list[SearchHit]:
        """Every store's matches, each term weighing the same in all of them (domain/term_weights.py):
        the team's tables count too when a team is joined, so a word most of the team's memories
        hold weighs little here as well, and one ceiling measures a hit from any store."""
        stores = (self.uow.beads, self.uow.candidates)
        counts = [store.term_counts(terms) for store in stores]
        team = None if self.team is None else self.team.term_counts(terms)
        weights = shared_weights([*counts, *(team.tables if team is not None else ())])
        hits = [hit for store, held in zip(stores, counts, strict=True)
                for hit in store.search(terms, scope, limit=limit, now=now, counts=held, weights=weights)]
        if self.team is not None:
            local = {h.item_id for h in hits}
            found = self.team.search(terms, scope, limit=limit, now=now, counts=team, weights=weights)
            hits += [h for h in found if h.item_id not in local]
        return hits

    def _hybrid(
        self, dense: "DenseRecall", request: RecallRequest, scope: Scope, lexical: list[RankedHit],
        floor: float,
    ) -> list[RankedHit]:
        nearest = dense.nearest(request.query, scope, FUSION_DEPTH, self.clock.now())
        embedded = dense.embedded(r.hit.item_id for r in lexical)
        focus, scale = scope.project, (dense.noise_cosine, dense.strong_cosine)
        return fuse_ranked(lexical, nearest, embedded, lambda h: self.ranking.boosts(h, focus),
                           self.dense_weight, request.limit, scale=scale, floor=floor)
