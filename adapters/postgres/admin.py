"""What the team server's admin does (`abzu team init`, `abzu team grant`), as the schema's owner."""

from sqlalchemy import Engine, text

from abzu.adapters.postgres.migrations import roles_ddl, runner
from abzu.domain.team import TeamRole

_GRANTABLE = (TeamRole.READER, TeamRole.WRITER, TeamRole.REVIEWER)


def init_schema(engine: Engine) -> tuple[str | None, str]:
    """The schema brought to this Abzu's head (roles created once per cluster); (before, after)."""
    return runner.upgrade(engine), runner.HEAD


def members_use_the_index(engine: Engine) -> bool:
    """Whether row-level security lets members' searches use the full-text index (roles_ddl.py)."""
    with engine.connect() as conn:
        return bool(conn.execute(text(roles_ddl.INDEX_USABLE)).scalar())


def grant(engine: Engine, member: str, role: TeamRole, projects: tuple[str, ...]) -> None:
    """`member` (a login role, or a group of them) gets `abzu_<role>` and sees `projects`.
    Raises ValueError for a role that is not a team role or no project."""
    if role not in _GRANTABLE:
        raise ValueError(f"a team role is one of {', '.join(r.value for r in _GRANTABLE)}")
    if not projects:
        raise ValueError("name at least one project (or '*' for every project)")
    with engine.begin() as conn:
        name = conn.execute(text("SELECT quote_ident(rolname) FROM pg_roles WHERE rolname = :m"),
                            {"m": member}).scalar()
        if name is None:
            raise ValueError(f"no role {member!r} on the server: CREATE ROLE {member} LOGIN PASSWORD '…'")
        conn.execute(text(f"GRANT abzu_{role.value} TO {name}"))
        for project in projects:
            if project != "*":
                conn.execute(_PROJECT, {"p": project})
            conn.execute(_GRANT, {"m": member, "p": project})


_PROJECT = text("INSERT INTO projects (name) VALUES (:p) ON CONFLICT DO NOTHING")
_GRANT = text("INSERT INTO team_grants (member, project) VALUES (:m, :p) ON CONFLICT DO NOTHING")
