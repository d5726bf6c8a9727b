"""Helpers of the team integration tests: a member's server client on the test's database."""

from abzu.adapters.postgres.engine import TeamAddress, open_team_engine
from abzu.adapters.postgres.team_server import PgTeamServer
from abzu.domain.team import SharedMemory
from tests.builders import bead
from tests.team_fixtures import TeamDb


def server(db: TeamDb, user: str, *, actor: str = "cli", machine: str = "laptop-1") -> PgTeamServer:
    engine = open_team_engine(TeamAddress.parse(db.url(user)), password=db.members[user])
    return PgTeamServer(engine, actor=actor, machine=machine)


def shared(bead_id: str, content: str, project: str = "api") -> SharedMemory:
    return SharedMemory.of(bead(bead_id, content, project=project))
