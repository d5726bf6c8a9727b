"""The session start's reader with the team's memories beside the local ones (issue 32): the same
search over the local copy, a team copy of a local memory left out, and the copy's mark in the
recall pack's, so a refreshed copy is never shown stale. Standard library only (the hook)."""

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.adapters.team_cache.reader import CachedTeamRecall
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope, ScopeKind


class TeamSessionContext(Sqlite3SessionContext):
    def __init__(self, wisdom: Path, staging: Path, decay: DecayPolicy, team: CachedTeamRecall) -> None:
        super().__init__(wisdom, staging, decay)
        self._team = team

    def search(
        self, terms: Sequence[str], project: str | None, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        found = super().search(terms, project, limit=limit, now=now)
        local = {h.item_id for h in found}
        team = self._team.search(terms, Scope(ScopeKind.PROJECT, project), limit=limit, now=now)
        return found + [h for h in team if h.item_id not in local]

    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        found = super().notable(project, limit=limit, now=now)
        local = {h.item_id for h in found}
        team = self._team.notable(project, limit=limit, now=now)
        return found + [h for h in team if h.item_id not in local]

    def marks(self) -> tuple[object, ...] | None:
        found = super().marks()
        return None if found is None else (*found, self._team.mark())
