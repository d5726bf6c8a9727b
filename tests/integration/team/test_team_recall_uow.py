"""Recall on the team backend (`memory_backend = "team"`) through its own unit of work (issue 32):
both tables counted and searched together, the stamps written at commit in one statement. The
ranking is the general unit of work's, and on the window of newest matches the local store's."""

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from abzu.adapters.postgres.recall_unit_of_work import PgRecallUnitOfWork
from abzu.adapters.postgres.unit_of_work import PgUnitOfWork
from abzu.application.ports import UnitOfWork
from abzu.application.recall import Recall, RecallRequest
from abzu.domain.decay import DecayPolicy
from tests.builders import bead, candidate
from tests.contract.stores import unit_of_work
from tests.fakes import T0, FixedClock, FixedWorkspace
from tests.team_fixtures import TeamDb

pytestmark = pytest.mark.team

# "deploy" is in every row: more matches than the exact plan ranks, so a query of it alone takes
# the newest-matches window; "registry" and "timeout" are rare enough to be ranked exactly.
QUERIES = ["registry timeout", "deploy", "deploy registry", "retry deploy release", "nothing matches"]


def fill(uow: UnitOfWork) -> None:
    uow.projects.register("api", "/src/api", T0)
    uow.projects.register("web", "/src/web", T0)
    uow.beads.add_many([bead(f"b-{i:03}", f"deploy note {i}: the release train waits", created_at=T0)
                        for i in range(560)])
    uow.beads.add_many([
        bead("b-reg", "Retry the deploy after a registry timeout", created_at=T0),
        bead("b-web", "The web deploy hits the registry timeout too", project="web", created_at=T0),
        bead("b-glob", "A registry timeout is retried three times on every deploy", project=None,
             created_at=T0)])
    uow.candidates.add_many([candidate(f"c-{i:02}", f"deploy retry {i} after the registry answered")
                             for i in range(40)])
    uow.commit()


@pytest.fixture
def stores(team_db: TeamDb, tmp_path: Path) -> Iterator[tuple[Path, TeamDb]]:
    with unit_of_work("sqlite", tmp_path) as local, local:
        fill(local)
    with PgUnitOfWork(team_db.engine, DecayPolicy()) as team:
        fill(team)
    yield tmp_path, team_db


def ranked(uow: UnitOfWork, query: str) -> list[tuple[str, float]]:
    found = Recall(uow, FixedClock(), FixedWorkspace()).answer(RecallRequest(query, project="api"))
    assert not isinstance(found, Exception)
    return [(h.hit.item_id, round(h.score, 9)) for h in found.hits]


@pytest.mark.parametrize("query", QUERIES)
def test_recall_finds_what_the_general_unit_of_work_finds_in_the_same_order(
    stores: tuple[Path, TeamDb], query: str,
) -> None:
    _, team_db = stores
    expected = ranked(PgUnitOfWork(team_db.engine, DecayPolicy()), query)
    assert ranked(PgRecallUnitOfWork(team_db.engine, DecayPolicy()), query) == expected


def test_the_window_of_newest_matches_is_the_local_store_s(stores: tuple[Path, TeamDb]) -> None:
    """Every row holds the word: the newest matches, in scope and live, newest first, as SQLite's."""
    folder, team_db = stores
    with unit_of_work("sqlite", folder) as local:
        expected = ranked(local, "deploy")
    assert ranked(PgRecallUnitOfWork(team_db.engine, DecayPolicy()), "deploy") == expected
    assert "b-web" not in {i for i, _ in expected} and len(expected) == 10


def test_a_recall_stamps_its_beads_and_project_when_it_commits(stores: tuple[Path, TeamDb]) -> None:
    _, team_db = stores
    found = ranked(PgRecallUnitOfWork(team_db.engine, DecayPolicy()), "registry timeout")
    with PgUnitOfWork(team_db.engine, DecayPolicy()) as uow:
        stamped = {i for i, _ in found if (b := uow.beads.get(i)) is not None and b.last_accessed == T0}
        assert stamped == {i for i, _ in found if i.startswith("b-")} and "b-reg" in stamped
        assert uow.beads.get("b-web").last_accessed is None  # type: ignore[union-attr]
        assert uow.projects.needs_touch("api", T0) is False
        assert uow.projects.needs_touch("web", T0) is True


def test_stamps_left_without_commit_are_not_written(stores: tuple[Path, TeamDb]) -> None:
    _, team_db = stores
    later = T0 + timedelta(days=3)
    with PgRecallUnitOfWork(team_db.engine, DecayPolicy()) as uow:
        uow.beads.mark_recalled(["b-reg"], later)
        uow.projects.touch("api", later)
    with PgUnitOfWork(team_db.engine, DecayPolicy()) as uow:
        assert uow.beads.get("b-reg").last_accessed is None  # type: ignore[union-attr]
        assert uow.projects.needs_touch("api", later) is True


def test_a_table_is_sized_by_what_the_session_sees(team_db: TeamDb, monkeypatch: pytest.MonkeyPatch) -> None:
    """The owner sees every row of a table the statistics call large: its arrival count (max rid);
    a member under row-level security: the rows it may see, counted below EXACT_SIZE."""
    from sqlalchemy import text

    from abzu.adapters.postgres import search
    from abzu.adapters.postgres.db import PgDb
    from abzu.adapters.postgres.engine import TeamAddress, open_team_engine

    monkeypatch.setattr(search, "EXACT_SIZE", 20)
    monkeypatch.setattr(search, "SURELY_LARGER", 40)
    reader = team_db.member("reader", "api", "web")  # the projects exist from here
    with PgUnitOfWork(team_db.engine, DecayPolicy()) as uow:
        uow.beads.add_many([bead(f"b-{i:02}", f"note {i} on the deploy", project="api") for i in range(30)])
        uow.beads.add_many([bead(f"w-{i:02}", f"note {i} on the deploy", project="web") for i in range(30)])
        uow.commit()
    with team_db.engine.begin() as conn:  # 15 of api's gone: 45 rows, the last rid 60
        conn.execute(text("DELETE FROM beads WHERE id < 'b-15'"))
    with team_db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("ANALYZE beads"))
    with team_db.engine.connect() as conn:
        assert search.term_counts(PgDb(conn), (search.BEADS,), ["deploy"])[0].total == 60
    engine = open_team_engine(TeamAddress.parse(team_db.url(reader)), password=team_db.members[reader])
    try:
        with engine.connect() as conn:  # granted web (30 rows) and api (15 left)
            assert search.term_counts(PgDb(conn), (search.BEADS,), ["deploy"])[0].total == 60
        with team_db.engine.begin() as conn:
            conn.execute(text("DELETE FROM team_grants WHERE project = 'web'"))
        with engine.connect() as conn:  # api alone: 15 rows, fewer than EXACT_SIZE: counted
            assert search.term_counts(PgDb(conn), (search.BEADS,), ["deploy"])[0].total == 15
    finally:
        engine.dispose()
