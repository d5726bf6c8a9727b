from datetime import timedelta

import pytest
from returns.result import Failure

from abzu.application.recall import Recall, Recalled, RecallRequest
from abzu.domain.errors import InvalidLimit, InvalidScope
from abzu.domain.ranking import Source
from tests.fakes import T0, FakeUnitOfWork, FixedClock, FixedWorkspace, bead, candidate


@pytest.fixture
def sut(uow: FakeUnitOfWork, clock: FixedClock, workspace: FixedWorkspace) -> Recall:
    uow.projects.paths.update({"api": "/src/api", "web": None})
    return Recall(uow=uow, clock=clock, workspace=workspace)


def recall(sut: Recall, query: str, **kw: object) -> Recalled:
    return sut.execute(RecallRequest(query, **kw)).unwrap()  # type: ignore[arg-type]


def ids(found: Recalled) -> list[str]:
    return [h.hit.item_id for h in found.hits]


@pytest.fixture
def spread(uow: FakeUnitOfWork) -> None:
    for bead_id, project in (("b-api", "api"), ("b-global", None), ("b-web", "web")):
        uow.beads.rows[bead_id] = bead(bead_id, "sqlite wal mode", project=project)


@pytest.mark.usefixtures("spread")
def test_the_default_scope_is_the_current_project_plus_global(sut: Recall) -> None:
    found = recall(sut, "sqlite")
    assert (ids(found), found.project, found.scope) == (["b-api", "b-global"], "api", "project")


@pytest.mark.usefixtures("spread")
def test_scope_all_adds_other_projects_ranked_below_current_and_global(sut: Recall) -> None:
    assert ids(recall(sut, "sqlite", scope="all")) == ["b-api", "b-global", "b-web"]


@pytest.mark.usefixtures("spread")
def test_a_named_project_replaces_the_current_one(sut: Recall) -> None:
    found = recall(sut, "sqlite", project="web")
    assert (ids(found), found.project) == (["b-web", "b-global"], "web")


@pytest.mark.usefixtures("spread")
def test_recalling_an_unknown_project_creates_nothing(sut: Recall, uow: FakeUnitOfWork) -> None:
    assert ids(recall(sut, "sqlite", project="nope")) == ["b-global"]
    assert "nope" not in uow.projects.paths


def test_a_candidate_ranks_below_a_comparable_bead(sut: Recall, uow: FakeUnitOfWork) -> None:
    uow.candidates.rows["c-1"] = candidate("c-1", "sqlite wal mode")
    uow.beads.rows["b-1"] = bead("b-1", "sqlite wal mode")
    found = recall(sut, "sqlite")
    assert [(h.hit.item_id, h.hit.source) for h in found.hits] == [
        ("b-1", Source.BEAD), ("c-1", Source.CANDIDATE)
    ]


def test_only_returned_beads_count_as_recalled(sut: Recall, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    uow.beads.rows["b-best"] = bead("b-best", "sqlite sqlite wal")
    uow.beads.rows["b-next"] = bead("b-next", "sqlite wal and more words here")
    clock.advance(days=3)
    assert ids(recall(sut, "sqlite", limit=1)) == ["b-best"]
    assert uow.beads.rows["b-best"].last_accessed == clock.now()
    assert uow.beads.rows["b-next"].last_accessed is None


def test_recall_marks_the_project_active(sut: Recall, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    recall(sut, "anything")
    assert uow.projects.last_active == {"api": clock.now()}


def test_a_recall_restores_a_faded_bead_to_full_weight(
    sut: Recall, uow: FakeUnitOfWork, clock: FixedClock
) -> None:
    uow.beads.rows["b-1"] = bead("b-1", "sqlite wal")
    clock.advance(days=200)
    assert recall(sut, "sqlite").hits[0].hit.weight == 0.2
    assert recall(sut, "sqlite").hits[0].hit.weight == 1.0


def test_superseded_and_flagged_beads_are_not_recalled(sut: Recall, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-old"] = bead("b-old", "sqlite wal", superseded_by="b-new")
    uow.beads.rows["b-new"] = bead("b-new", "sqlite wal mode")
    uow.beads.rows["b-bad"] = bead("b-bad", "sqlite wal", gemini_flagged=True, flag_reason="stale")
    uow.candidates.rows["c-old"] = candidate("c-old", "sqlite wal").superseded(by="c-x")
    assert ids(recall(sut, "sqlite")) == ["b-new"]


@pytest.mark.parametrize("query", ["", "   ", "!!! ??", '"'])
def test_a_query_without_words_finds_nothing(sut: Recall, uow: FakeUnitOfWork, query: str) -> None:
    uow.beads.rows["b-1"] = bead("b-1", "sqlite")
    assert ids(recall(sut, query)) == []


def test_weak_matches_are_dropped_unless_the_floor_is_lowered(sut: Recall, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-strong"] = bead("b-strong", "sqlite wal sqlite wal")
    uow.beads.rows["b-weak"] = bead("b-weak", "wal " + "filler " * 30)
    assert ids(recall(sut, "sqlite wal")) == ["b-strong"]
    assert ids(recall(sut, "sqlite wal", relevance_floor=0.0)) == ["b-strong", "b-weak"]


@pytest.mark.parametrize("limit", [0, -1, 101])
def test_a_limit_outside_1_to_100_is_refused(sut: Recall, uow: FakeUnitOfWork, limit: int) -> None:
    assert sut.execute(RecallRequest("sqlite", limit=limit)) == Failure(InvalidLimit(limit))
    assert uow.commits == 0


@pytest.mark.parametrize("limit", [1, 100])
def test_limits_at_the_edges_are_accepted(sut: Recall, uow: FakeUnitOfWork, limit: int) -> None:
    for i in range(3):
        uow.beads.rows[f"b-{i}"] = bead(f"b-{i}", f"sqlite note {i}")
    assert len(recall(sut, "sqlite", limit=limit).hits) == min(limit, 3)


def test_an_unknown_scope_is_refused_without_side_effects(sut: Recall, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-1"] = bead("b-1", "sqlite")
    assert sut.execute(RecallRequest("sqlite", scope="everything")) == Failure(InvalidScope("everything"))
    assert uow.beads.rows["b-1"].last_accessed is None and uow.projects.last_active == {}


def test_without_a_workspace_only_global_beads_are_in_view(uow: FakeUnitOfWork, clock: FixedClock) -> None:
    uow.beads.rows["b-api"] = bead("b-api", "sqlite", project="api")
    uow.beads.rows["b-global"] = bead("b-global", "sqlite", project=None)
    sut = Recall(uow=uow, clock=clock, workspace=FixedWorkspace(None))
    assert ids(recall(sut, "sqlite")) == ["b-global"]


def test_newer_ties_come_first(sut: Recall, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-old"] = bead("b-old", "sqlite wal", created_at=T0 - timedelta(days=1))
    uow.beads.rows["b-new"] = bead("b-new", "sqlite wal")
    assert ids(recall(sut, "sqlite")) == ["b-new", "b-old"]
