import pytest
from returns.result import Failure, Success

from abzu.application.star import Star
from abzu.domain.bead import Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.errors import BeadNotFound, CandidateNotStarrable
from tests.fakes import T0, FakeUnitOfWork, bead


@pytest.fixture
def sut(uow: FakeUnitOfWork) -> Star:
    uow.projects.paths["api"] = "/src/api"
    return Star(uow=uow)


def test_starring_a_faded_bead_restores_full_weight_for_good(sut: Star, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-1"] = bead("b-1", weight=0.2)
    result = sut.execute(" b-1 ")
    assert isinstance(result, Success)
    assert (result.unwrap().starred, result.unwrap().weight) == (True, 1.0)
    assert uow.beads.rows["b-1"].starred and uow.commits == 1


def test_starring_twice_changes_nothing(sut: Star, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-1"] = bead("b-1")
    first, second = sut.execute("b-1"), sut.execute("b-1")
    assert first == second and uow.beads.rows["b-1"] == first.unwrap()


def test_an_unknown_id_is_a_clear_error(sut: Star) -> None:
    result = sut.execute("b-nope")
    assert result == Failure(BeadNotFound("b-nope"))
    assert result.failure().message == "no bead with id 'b-nope'"


def test_a_staged_candidate_must_be_reviewed_before_it_can_be_starred(sut: Star, uow: FakeUnitOfWork) -> None:
    uow.candidates.rows["c-1"] = Candidate(
        "c-1", "x", Category.FIX, None, "h", CandidateSource.MANUAL, T0
    )
    result = sut.execute("c-1")
    assert result == Failure(CandidateNotStarrable("c-1"))
    assert "must be reviewed" in result.failure().message
    assert uow.commits == 0
