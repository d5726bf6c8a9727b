"""`abzu team …`: a team memory on a PostgreSQL server (issue 32). Only these commands, the recall
of a machine that joined and the background refresh import the team's adapters."""

from typing import TYPE_CHECKING, Annotated

import typer

from abzu.entrypoints.cli.context import fail, one_line_errors
from abzu.entrypoints.cli.lazy import new_app

if TYPE_CHECKING:
    from collections.abc import Callable

    from abzu.adapters.clock import SystemClock
    from abzu.adapters.postgres.team_server import PgTeamServer
    from abzu.application.ports import UnitOfWork
    from abzu.application.team.share import SharePlan
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.team import TeamConfig

HELP = """A team memory: reviewed beads of the team's projects, shared through a PostgreSQL server.

Preferences, private memories and anything redaction touched never leave this machine. Roles
live in the database: a reader reads, a writer stages, a reviewer promotes.
"""

team_app = new_app(help=HELP, no_args_is_help=True)
UrlArg = Annotated[str, typer.Argument(help="postgresql://user@host:5432/database (no password: "
                                            "ABZU_TEAM_PASSWORD or ~/.pgpass).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
ProjectOpt = Annotated[str | None, typer.Option(help="The project to share (default: the current one).")]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Send without asking.")]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Show what goes and what stays; send nothing.")]
QuietOpt = Annotated[bool, typer.Option(
    "--quiet", help="No output; a failure is one log line (the session start runs it so).")]


def register(app: typer.Typer) -> None:
    app.add_typer(team_app, name="team")


def _settings(url: str | None = None) -> "Settings":
    from abzu.entrypoints.logs import configure_file_logging
    from abzu.entrypoints.settings import Settings

    settings = Settings()
    configure_file_logging(settings.log_path)  # failures' details go to abzu.log, one line here
    return settings if url is None else settings.model_copy(update={"team_url": _checked(url)})


def _checked(url: str) -> str:
    from abzu.entrypoints.team_address import checked_address

    try:
        return checked_address(url)
    except ValueError as exc:
        fail(str(exc))


def _config(settings: "Settings") -> "TeamConfig":
    from abzu.entrypoints.actor import current_actor
    from abzu.entrypoints.wiring.team import TeamConfig

    if settings.team_url is None:
        fail("no team joined: abzu team join postgresql://user@host/database")
    return TeamConfig.of(settings, current_actor())


@team_app.command("join")
def join(url: UrlArg) -> None:
    """Join a team server: check it answers with a team role, copy its memories, keep the address."""
    from abzu.adapters.postgres.migrations.runner import check_schema
    from abzu.application.team.sync import JoinTeam, RefreshTeamCache
    from abzu.entrypoints.wiring.team import team_cache, team_server

    with one_line_errors():
        config = _config(_settings(url))
        server = team_server(config, timeout_s=30)
        check_schema(server.engine)
        refresh = RefreshTeamCache(server, team_cache(config), _clock())
        membership, copied = JoinTeam(server, refresh).execute()
        if membership.role is None:
            fail(f"{membership.user} holds no team role on {config.address()}: its admin runs "
                 f"`abzu team grant {membership.user} --role reader --project NAME`")
        _keep("team_url", url.strip())
        projects = ", ".join(membership.projects) or "none yet"
        typer.echo(f"Joined {config.address()} as {membership.user} ({membership.role.value}); "
                   f"projects: {projects}. {copied} team memories copied here.")


@team_app.command("push")
def push(
    project: ProjectOpt = None, yes: YesOpt = False, dry_run: DryRunOpt = False,
) -> None:
    """Share a project's reviewed beads with the team, after a preview of what goes and what stays."""
    from abzu.application.team.share import ShareWithTeam

    with one_line_errors():
        settings = _settings()
        config, name = _config(settings), project or _current_project()
        share = ShareWithTeam(_local_reader(), _server(config))
        found = share.preview(name)
        _print_plan(found)
        if dry_run or not found.outgoing:
            return
        if not (yes or typer.confirm(f"Send {len(found.outgoing)} memories to the team?", default=False)):
            raise typer.Exit(1)
        done = share.execute(name)
        verb = "Staged for a team reviewer" if done.staged else "Shared"
        had = len(done.plan.outgoing) - done.sent
        typer.echo(f"{verb}: {done.sent} new ({had} the team already had).")
        _refresh_quietly(config)


@team_app.command("status")
def status(json: JsonOpt = False) -> None:
    """The team server, your role and projects there, its counts, and how old the local copy is."""
    from abzu.application.team.sync import TeamStatus
    from abzu.entrypoints.cli import team_views
    from abzu.entrypoints.wiring.team import team_cache

    with one_line_errors():
        config = _config(_settings())
        report = TeamStatus(_server(config), team_cache(config)).execute()
        view = team_views.status(str(config.address()), report)
        typer.echo(team_views.as_json(view) if json else team_views.status_text(view))


@team_app.command("refresh")
def refresh(quiet: QuietOpt = False) -> None:
    """Copy the team's memories here now (the session start does it in the background)."""
    from abzu.application.team.sync import RefreshTeamCache
    from abzu.entrypoints.wiring.team import team_cache

    with one_line_errors():
        config = _config(_settings())
        try:
            copied = RefreshTeamCache(_server(config), team_cache(config), _clock()).execute()
        except Exception as exc:
            if not quiet:
                raise
            import logging

            logging.getLogger("abzu").warning("team refresh failed: %s", " ".join(str(exc).split())[:300])
            return
        if not quiet:
            typer.echo(f"{copied} team memories copied here.")


@team_app.command("candidates")
def candidates() -> None:
    """The team's staged candidates a reviewer may promote (id, project, author, first line)."""
    from abzu.domain.bead import Bead
    from abzu.domain.quoting import one_line

    with one_line_errors():
        items = _server(_config(_settings())).everything()
        staged = [i for i in items if not isinstance(i.memory, Bead)]
        for item in staged:
            m = item.memory
            where = one_line(m.project or "(global)")
            typer.echo(f"{m.id}  {where}  by {one_line(item.author)}  {one_line(m.content)[:80]}")
        if not staged:
            typer.echo("Nothing staged on the team server.")


@team_app.command("promote")
def promote(candidate_id: Annotated[str, typer.Argument(help="A team candidate's id.")]) -> None:
    """Promote a team candidate to a team bead (the reviewer role only: the server checks)."""
    from abzu.adapters.ids import UuidIds
    from abzu.application.team.sync import PromoteTeamCandidate

    with one_line_errors():
        config = _config(_settings())
        bead = PromoteTeamCandidate(_server(config), UuidIds()).execute(candidate_id)
        if bead is None:
            fail(f"no team candidate {candidate_id!r} in your projects")
        typer.echo(f"Promoted {candidate_id} to the team bead {bead}.")
        _refresh_quietly(config)


@team_app.command("init")
def init(url: UrlArg) -> None:
    """For the server's admin: create or upgrade Abzu's schema, roles and row-level security."""
    from abzu.adapters.postgres.admin import init_schema, members_use_the_index

    with one_line_errors():
        config = _config(_settings(url))
        engine = config.engine()
        before, after = init_schema(engine)
        indexed = members_use_the_index(engine)
        engine.dispose()
        typer.echo(f"Team schema at {after} on {config.address()}" + (f" (was {before})." if before else "."))
        if not indexed:
            typer.echo("warning: members' searches cannot use the full-text index under row-level security; "
                       "a superuser runs: ALTER FUNCTION ts_match_vq(tsvector, tsquery) LEAKPROOF", err=True)


@team_app.command("grant")
def grant(
    member: Annotated[str, typer.Argument(help="A login role on the server (CREATE ROLE … LOGIN).")],
    role: Annotated[str, typer.Option(help="reader, writer (stages) or reviewer (promotes).")],
    project: Annotated[list[str], typer.Option(help="A project it may see; repeat; '*' for every one.")],
    url: Annotated[str | None, typer.Option(help="The server, as its admin (default: the joined one).")]
    = None,
) -> None:
    """For the server's admin: give a login role a team role and the projects it may see."""
    from abzu.adapters.postgres.admin import grant as grant_role
    from abzu.domain.team import TeamRole

    with one_line_errors():
        config = _config(_settings(url))
        engine = config.engine()
        grant_role(engine, member, TeamRole(role.strip().lower()), tuple(project))
        engine.dispose()
        typer.echo(f"{member}: {role} of {', '.join(project)}.")


def _server(config: "TeamConfig") -> "PgTeamServer":
    from abzu.entrypoints.wiring.team import team_server

    return team_server(config, timeout_s=60)


def _clock() -> "SystemClock":
    from abzu.adapters.clock import SystemClock

    return SystemClock()


def _print_plan(found: "SharePlan") -> None:
    from abzu.domain.quoting import one_line

    name, going, kept = one_line(found.project), len(found.outgoing), len(found.kept)
    typer.echo(f"Project {name}: {going} to share, {kept} kept here.")
    for memory in found.outgoing:
        text = one_line(memory.summary or memory.content)[:80]
        typer.echo(f"  + {memory.id}  {memory.category.value}  {text}")
    for bead_id, reason in found.kept:
        typer.echo(f"  - {bead_id}  kept here: {reason.value}")


def _local_reader() -> "Callable[[], UnitOfWork]":
    from abzu.entrypoints.wiring.memory import MemoryUseCases

    return MemoryUseCases.open().reader


def _current_project() -> str:
    from pathlib import Path

    from abzu.adapters.workspace import GitWorkspace
    from abzu.application.projects import known_project
    from abzu.entrypoints.wiring.memory import MemoryUseCases

    with MemoryUseCases.open().reader() as uow:
        workspace = GitWorkspace(Path.cwd())
        name, registered = known_project(uow.projects, workspace, workspace.root(), None)
    if name is None or not registered:
        fail("no project of yours here: name one with --project")
    return name


def _keep(key: str, value: str) -> None:
    from abzu.entrypoints.config_file import config_path, read_config, write_config

    path = config_path()
    write_config(path, {**read_config(path), key: value})


def _refresh_quietly(config: "TeamConfig") -> None:
    from abzu.application.team.sync import RefreshTeamCache
    from abzu.entrypoints.wiring.team import team_cache

    try:
        RefreshTeamCache(_server(config), team_cache(config), _clock()).execute()
    except Exception as exc:  # the copy is refreshed again at the next session start
        import logging

        logging.getLogger("abzu").warning("team refresh failed: %s", " ".join(str(exc).split())[:300])
