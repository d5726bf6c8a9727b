"""Who may do what on the team server (issue 32): roles and row-level security live in the
database, so every refusal here is the server's own, whatever the client would have allowed."""

import pytest
from sqlalchemy import text

from abzu.application.team.ports import TeamRefused
from abzu.domain.team import TeamRole
from tests.integration.team.helpers import server, shared
from tests.team_fixtures import TeamDb

pytestmark = pytest.mark.team


def test_a_reader_reads_but_the_server_refuses_its_staging_and_promotion(team_db: TeamDb) -> None:
    reviewer = server(team_db, team_db.member("reviewer", "api"))
    writer = server(team_db, team_db.member("writer", "api"))
    reviewer.share([shared("b-1", "Pin the Node version in CI")], stage=False)
    writer.share([shared("c-1", "Retry the deploy on registry timeouts")], stage=True)
    reader = server(team_db, team_db.member("reader", "api"))
    assert reader.membership().role is TeamRole.READER
    assert {i.memory.id for i in reader.everything()} == {"b-1", "c-1"}
    for stage in (True, False):
        with pytest.raises(TeamRefused, match="permission denied"):
            reader.share([shared("b-2", "Cache the wheels between CI runs")], stage=stage)
    with pytest.raises(TeamRefused, match="permission denied"):
        reader.promote("c-1", "b-new")
    assert reviewer.counts().beads == 1 and reviewer.counts().staged == 1


def test_a_writer_stages_under_its_own_name_but_cannot_promote(team_db: TeamDb) -> None:
    writer_role = team_db.member("writer", "api")
    writer = server(team_db, writer_role)
    assert writer.share([shared("c-1", "Retry the deploy on registry timeouts")], stage=True) == 1
    with pytest.raises(TeamRefused, match="permission denied"):
        writer.share([shared("b-1", "Pin the Node version in CI")], stage=False)
    with pytest.raises(TeamRefused, match="permission denied"):
        writer.promote("c-1", "b-new")
    forged = ("INSERT INTO bead_candidates (id, content, category, project, content_hash, source, "
              "created_at, author) VALUES ('c-2', 'x', 'fix', 'api', 'h', 'manual', now(), 'someone')")
    with team_db.engine.connect() as conn, pytest.raises(Exception, match="permission denied"):
        conn.execute(text(f"SET ROLE {writer_role}"))
        conn.execute(text(forged))  # a writer cannot name another author: the column is not theirs
    (item,) = writer.everything()
    assert (item.author, item.machine) == (writer_role, "laptop-1")


def test_a_reviewer_promotes_and_the_bead_keeps_its_author_while_the_history_names_the_reviewer(
    team_db: TeamDb,
) -> None:
    writer_role, reviewer_role = team_db.member("writer", "api"), team_db.member("reviewer", "api")
    server(team_db, writer_role).share([shared("c-1", "Retry the deploy on registry timeouts")], stage=True)
    reviewer = server(team_db, reviewer_role, actor="review:human", machine="desk-2")
    assert reviewer.promote("c-1", "b-9") is True
    assert reviewer.promote("c-1", "b-10") is False  # gone from staging
    assert [(i.memory.id, i.author) for i in reviewer.everything()] == [("b-9", writer_role)]
    with team_db.engine.connect() as conn:
        events = conn.execute(text("SELECT item_id, event, author, machine, who FROM memory_events "
                                   "ORDER BY seq")).all()
    assert [tuple(e) for e in events] == [
        ("c-1", "staged", writer_role, "laptop-1", "cli"),
        ("b-9", "promoted", reviewer_role, "desk-2", "review:human"),
        ("b-9", "derived", reviewer_role, "desk-2", "review:human"),
        ("c-1", "left staging", reviewer_role, "desk-2", "review:human"),
    ]


def test_rows_are_limited_to_the_projects_a_member_was_granted(team_db: TeamDb) -> None:
    everyone = server(team_db, team_db.member("reviewer", "*", "api", "web"))
    everyone.share([shared("b-api", "Pin the Node version in CI", "api"),
                    shared("b-web", "Purge the CDN after a deploy", "web")], stage=False)
    api_only = server(team_db, team_db.member("reviewer", "api"))
    assert [i.memory.id for i in api_only.everything()] == ["b-api"]
    assert api_only.membership().projects == ("api",)
    with pytest.raises(TeamRefused, match="row-level security"):
        api_only.share([shared("b-web-2", "Warm the CDN before a launch", "web")], stage=False)
    with pytest.raises(TeamRefused, match="permission denied"):
        server(team_db, team_db.member("reader")).share([shared("b-x", "x x")], stage=True)


def test_the_same_memory_is_not_shared_twice(team_db: TeamDb) -> None:
    reviewer = server(team_db, team_db.member("reviewer", "api"))
    memory = shared("b-1", "Pin the Node version in CI")
    assert reviewer.share([memory], stage=False) == 1
    assert reviewer.share([memory, shared("b-2", "Pin the Node version in CI")], stage=False) == 0
    assert reviewer.counts().beads == 1


def test_a_project_the_team_does_not_have_is_refused_with_what_to_do(team_db: TeamDb) -> None:
    reviewer = server(team_db, team_db.member("reviewer", "*"))
    with pytest.raises(TeamRefused, match="no such project: its admin runs `abzu team grant"):
        reviewer.share([shared("b-1", "Pin the Node version in CI", "mobile")], stage=False)
