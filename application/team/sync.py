"""Use cases: `abzu team refresh` (the local copy the hooks read), `abzu team status`, `abzu team
promote`, and what `abzu team join` checks before it writes the address."""

from dataclasses import dataclass
from datetime import datetime

from abzu.application.basic_ports import Clock, IdGenerator
from abzu.application.team.ports import TeamCache, TeamCounts, TeamServer
from abzu.domain.team import Membership


@dataclass(frozen=True, slots=True)
class RefreshTeamCache:
    """- The whole visible team store replaces the local copy at once (deletions and revoked
      grants included): a reader of the copy sees the old one or the new one, never a mix.
    - An unreachable server leaves the last copy as it was (TeamUnavailable)."""

    server: TeamServer
    cache: TeamCache
    clock: Clock

    def execute(self) -> int:
        items = self.server.everything()
        self.cache.replace(items, self.clock.now())
        return len(items)


@dataclass(frozen=True, slots=True)
class TeamStatusReport:
    membership: Membership | None  # None: the server could not be reached
    counts: TeamCounts | None
    cached: int
    refreshed_at: datetime | None
    problem: str | None


@dataclass(frozen=True, slots=True)
class TeamStatus:
    """What the team server says of this member (role, projects, counts) and how old the local
    copy is; a server that does not answer is a line in the report, not a failure."""

    server: TeamServer
    cache: TeamCache

    def execute(self) -> TeamStatusReport:
        from abzu.application.team.ports import TeamRefused, TeamUnavailable

        cached, refreshed = self.cache.size(), self.cache.refreshed_at()
        try:
            return TeamStatusReport(self.server.membership(), self.server.counts(), cached, refreshed, None)
        except (TeamUnavailable, TeamRefused) as problem:
            return TeamStatusReport(None, None, cached, refreshed, str(problem))


@dataclass(frozen=True, slots=True)
class JoinTeam:
    """- Joining checks the server answers, runs this Abzu's schema, and names a team role for
      the login role; nothing is written before that (the caller keeps the address).
    - The first copy of the team's memories is taken at once, so the next session start has it."""

    server: TeamServer
    refresh: RefreshTeamCache

    def execute(self) -> tuple[Membership, int]:
        membership = self.server.membership()
        return membership, self.refresh.execute()


@dataclass(frozen=True, slots=True)
class PromoteTeamCandidate:
    """- Only a reviewer may promote; the server refuses anyone else (TeamRefused).
    - The bead keeps the candidate's author; the history names the reviewer."""

    server: TeamServer
    ids: IdGenerator

    def execute(self, candidate_id: str) -> str | None:
        bead_id = self.ids.new_id("b")
        return bead_id if self.server.promote(candidate_id.strip(), bead_id) else None
