"""The session start's reader with the team's memories beside the local ones (issue 32): the same
search over the local copy (its terms weighed with the local stores', context_reader.py), the
notable beads, a team copy of a local memory left out, and the copy's mark in the recall pack's,
so a refreshed copy is never shown stale. Standard library only (the hook)."""

import os
from datetime import datetime

from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.adapters.team_cache.reader import CachedTeamRecall
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit


class TeamSessionContext(Sqlite3SessionContext):
    def __init__(
        self, wisdom: str | os.PathLike[str], staging: str | os.PathLike[str], decay: DecayPolicy,
        team: CachedTeamRecall,
    ) -> None:
        super().__init__(wisdom, staging, decay, team=team)
        self._copy = team

    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        found = super().notable(project, limit=limit, now=now)
        local = {h.item_id for h in found}
        team = self._copy.notable(project, limit=limit, now=now)
        return found + [h for h in team if h.item_id not in local]
