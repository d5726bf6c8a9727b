"""`LiveTeamRecall`: the team's side of `abzu recall` and `enki_recall`, asked of the server within
`timeout_s`; a server that is down, slow or refuses gives the local copy's hits instead, and one
log line (never a traceback, never the password)."""

from collections.abc import Callable, Sequence
from datetime import datetime

from sqlalchemy import Engine

from abzu.adapters.postgres import search
from abzu.adapters.postgres.db import PgDb
from abzu.application.team.ports import TeamRecall
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope


class LiveTeamRecall(TeamRecall):
    def __init__(self, engine: Callable[[], Engine], cache: TeamRecall, shown: str,
                 decay: DecayPolicy | None = None) -> None:
        self._engine, self._cache, self._shown = engine, cache, shown
        self._decay = decay or DecayPolicy()

    def search(self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime) -> list[SearchHit]:
        try:  # autocommit: two round trips (counts, hits), no BEGIN or ROLLBACK around them
            with self._engine().connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                return search.search_all(PgDb(conn), (search.BEADS, search.CANDIDATES), terms, scope,
                                         limit=limit, now=now, decay=self._decay, authors=True)
        except Exception as exc:  # any failure of the server or the driver: the copy answers
            import logging

            reason = " ".join(str(getattr(exc, "orig", None) or exc).split())[:200]
            logging.getLogger("abzu").warning(
                "team server %s unavailable, recall uses the local copy: %s: %s", self._shown,
                type(exc).__name__, reason)
            return self._cache.search(terms, scope, limit=limit, now=now)
