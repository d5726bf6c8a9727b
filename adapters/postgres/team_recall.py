"""`LiveTeamRecall`: the team's side of `abzu recall` and `enki_recall`, asked of the server within
`timeout_s`; a server that is down, slow or refuses gives the local copy's counts and hits
instead, and one log line (never a traceback, never the password)."""

from collections.abc import Callable, Sequence
from datetime import datetime

from sqlalchemy import Engine

from abzu.adapters.postgres import search
from abzu.adapters.postgres.db import PgDb
from abzu.application.team.ports import TeamRecall, TeamTerms
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope

_TABLES = (search.BEADS, search.CANDIDATES)


class LiveTeamRecall(TeamRecall):
    def __init__(self, engine: Callable[[], Engine], cache: TeamRecall, shown: str,
                 decay: DecayPolicy | None = None) -> None:
        self._engine, self._cache, self._shown = engine, cache, shown
        self._decay = decay or DecayPolicy()

    def term_counts(self, terms: Sequence[str]) -> TeamTerms:
        try:  # autocommit: one round trip, no BEGIN or ROLLBACK around it
            with self._engine().connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                return TeamTerms(tuple(search.term_counts(PgDb(conn), _TABLES, terms)), live=True)
        except Exception as exc:  # any failure of the server or the driver: the copy answers
            self._unavailable(exc)
            return self._cache.term_counts(terms)

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TeamTerms | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        if counts is not None and not counts.live:  # the server just failed to count: not again
            return self._cache.search(terms, scope, limit=limit, now=now, counts=counts, weights=weights)
        try:
            with self._engine().connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                return search.search_all(PgDb(conn), _TABLES, terms, scope, limit=limit, now=now,
                                         decay=self._decay, authors=True,
                                         counts=None if counts is None else counts.tables, weights=weights)
        except Exception as exc:
            self._unavailable(exc)
            return self._cache.search(terms, scope, limit=limit, now=now, weights=weights)

    def _unavailable(self, exc: Exception) -> None:
        import logging

        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())[:200]
        logging.getLogger("abzu").warning(
            "team server %s unavailable, recall uses the local copy: %s: %s", self._shown,
            type(exc).__name__, reason)
