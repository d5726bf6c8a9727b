from datetime import timedelta

from abzu.application.status import Status
from abzu.domain.bead import Candidate, CandidateSource
from abzu.domain.category import Category
from tests.fakes import T0, FakeLocations, FakeUnitOfWork, FixedClock, bead


def test_status_counts_what_a_user_has_in_memory(uow: FakeUnitOfWork, clock: FixedClock) -> None:
    old = T0 - timedelta(days=200)
    uow.beads.rows.update({
        "b-1": bead("b-1", "a", created_at=old),
        "b-2": bead("b-2", "b", created_at=old, starred=True),
        "b-3": bead("b-3", "c", category=Category.PREFERENCE, project=None, created_at=old),
        "b-4": bead("b-4", "d", created_at=T0 - timedelta(days=100)),
        "b-5": bead("b-5", "e", superseded_by="b-4"),
        "b-6": bead("b-6", "f", project="web", gemini_flagged=True, created_at=T0 - timedelta(days=400)),
    })
    for cid, project in (("c-1", "api"), ("c-2", None)):
        uow.candidates.rows[cid] = Candidate(cid, cid, Category.FIX, project, cid, CandidateSource.MANUAL, T0)
    uow.candidates.rows["c-3"] = uow.candidates.rows["c-1"].superseded(by="c-2")

    status = Status(uow=uow, clock=clock, locations=FakeLocations()).execute()

    assert status.bead_count == 5
    assert status.beads.by_category == {"learning": 4, "preference": 1}
    assert status.beads.by_project == {"api": 3, None: 1, "web": 1}
    assert (status.beads.starred, status.beads.flagged, status.beads.superseded) == (1, 1, 1)
    assert status.beads.weights == {0.2: 1, 1.0: 2, 0.5: 1, 0.1: 1}
    assert (status.staged_count, status.staged_by_project) == (2, {"api": 1, None: 1})
    assert status.last_review_at is None
    assert [s.name for s in status.stores] == ["wisdom", "staging"]
    assert uow.commits == 0


def test_an_empty_memory_reports_zeroes(uow: FakeUnitOfWork, clock: FixedClock) -> None:
    status = Status(uow=uow, clock=clock, locations=FakeLocations()).execute()
    assert (status.bead_count, status.staged_count, status.beads.weights) == (0, 0, {})
