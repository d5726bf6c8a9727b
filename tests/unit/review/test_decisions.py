import pytest
from returns.pipeline import is_successful
from returns.result import Failure

from abzu.application.maintenance import RunMaintenance
from abzu.application.review import text as review_text
from abzu.application.review.consolidate_beads import ConsolidateBeads
from abzu.application.review.discard_candidate import DiscardCandidate
from abzu.application.review.errors import (
    CandidateNotFound,
    EmptyReason,
    InvalidConsolidation,
    NotFlagged,
)
from abzu.application.review.flag_for_deletion import FlagForDeletion
from abzu.application.review.get_staged_candidates import GetStagedCandidates
from abzu.application.review.promote_candidate import PromoteCandidate
from abzu.application.review.unflag import Unflag
from abzu.domain.category import Category
from abzu.domain.errors import BeadNotFound
from abzu.domain.redaction import Redacted
from tests.fakes import T0, FakeUnitOfWork, FixedClock, SequentialIds
from tests.unit.review.helpers import bead, candidate, dump, stage

OLD = candidate("c-old", "Use WAL mode so readers never block", superseded_by="c-1")
C1 = candidate("c-1", "Use WAL mode so readers never block the writer")
C2 = candidate("c-2", "Busy timeout of 5 s avoids database is locked errors", project="web")


@pytest.fixture
def staged(uow: FakeUnitOfWork) -> FakeUnitOfWork:
    stage(uow, OLD, C1, C2)
    return uow


def test_staged_candidates_are_listed_oldest_first_without_superseded_ones(staged: FakeUnitOfWork):
    sut = GetStagedCandidates(staged)
    assert [c.id for c in sut.execute()] == ["c-1", "c-2"]
    assert [c.id for c in sut.execute("web")] == ["c-2"]


def test_promotion_moves_a_candidate_into_wisdom_with_promoted_at(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    promoted = PromoteCandidate(staged, clock, ids).execute("c-1").unwrap()
    bead_ = staged.beads.rows[promoted.bead_id]
    assert (bead_.content, bead_.project, bead_.promoted_at) == (C1.content, "api", T0)
    assert "c-1" not in staged.candidates.rows
    assert "c-old" not in staged.candidates.rows  # the version it superseded leaves with it


@pytest.mark.parametrize("decide", ["promote", "discard"])
def test_a_decision_takes_the_whole_chain_of_older_versions_out_of_staging(
    uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds, decide: str
):
    stage(uow, candidate("v-1", "Run tests with -n 2", superseded_by="v-2"),
          candidate("v-2", "Run the tests with -n 2", superseded_by="v-3"),
          candidate("v-3", "Run the tests with pytest -n 2"), C2)
    if decide == "promote":
        PromoteCandidate(uow, clock, ids).execute("v-3").unwrap()
    else:
        DiscardCandidate(uow, clock, ids).execute("v-3", "noise").unwrap()
    assert set(uow.candidates.rows) == {"c-2"}  # v-1, two versions back, left with the chain


def test_promotion_with_consolidated_content_and_category(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    promoted = PromoteCandidate(staged, clock, ids).execute(
        "c-1", "WAL: readers never block the single writer.", Category.PATTERN
    ).unwrap()
    stored = staged.beads.rows[promoted.bead_id]
    assert (stored.content, stored.category) == ("WAL: readers never block the single writer.",
                                                 Category.PATTERN)


def test_promoting_text_already_in_wisdom_reuses_the_bead(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    stage(staged, bead("b-7", C1.content.upper()))
    promoted = PromoteCandidate(staged, clock, ids).execute("c-1").unwrap()
    assert promoted.bead_id == "b-7"
    assert set(staged.beads.rows) == {"b-7"}
    assert "c-1" not in staged.candidates.rows


def test_promoting_a_very_similar_text_supersedes_the_old_bead(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    stage(staged, bead("b-7", "Use WAL mode so readers never block the writer process"))
    promoted = PromoteCandidate(staged, clock, ids).execute("c-1").unwrap()
    assert staged.beads.rows["b-7"].superseded_by == promoted.bead_id


def test_promoted_text_is_redacted(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(review_text, "redact", lambda t: Redacted(t.replace("hunter2", "[REDACTED]"), ()))
    promoted = PromoteCandidate(staged, clock, ids).execute("c-1", "the password is hunter2").unwrap()
    assert staged.beads.rows[promoted.bead_id].content == "the password is [REDACTED]"


def test_promoting_an_unknown_candidate_changes_nothing(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    before = dump(staged)
    assert PromoteCandidate(staged, clock, ids).execute("c-404") == Failure(CandidateNotFound("c-404"))
    assert dump(staged) == before


def test_discard_deletes_from_staging_and_requires_a_reason(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    sut = DiscardCandidate(staged, clock, ids)
    assert sut.execute("c-1", " ") == Failure(EmptyReason())
    done = sut.execute("c-1", "too granular").unwrap()
    assert (done.reason, done.removed) == ("too granular", ("c-1", "c-old"))
    assert set(staged.candidates.rows) == {"c-2"}
    assert staged.beads.rows == {}


def test_consolidation_creates_the_merged_bead_and_supersedes_every_source(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    stage(staged, bead("b-1", "SQLite WAL mode", project="api"))
    merged_text = "SQLite WAL mode: readers never block the writer; set a 5 s busy timeout"
    done = ConsolidateBeads(staged, clock, ids).execute(["b-1", "c-1", "c-2"], merged_text).unwrap()
    merged = staged.beads.rows[done.bead_id]
    assert merged.content == merged_text and merged.project is None  # two projects: global
    assert staged.beads.rows["b-1"].superseded_by == done.bead_id
    assert set(staged.candidates.rows) == set()


@pytest.mark.parametrize(
    ("sources", "text", "why"),
    [
        (["c-1"], "Use WAL mode so readers never block the writer", "at least 2"),
        (["c-1", "c-1"], "Use WAL mode so readers never block the writer", "at least 2"),
        (["c-1", "c-2"], "WAL", "half"),
    ],
)
def test_invalid_consolidations_change_nothing(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds, sources: list[str], text: str,
    why: str,
):
    before = dump(staged)
    result = ConsolidateBeads(staged, clock, ids).execute(sources, text)
    assert isinstance(result.failure(), InvalidConsolidation) and why in result.failure().message
    assert dump(staged) == before


def test_consolidating_an_unknown_or_superseded_bead_fails(
    staged: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    stage(staged, bead("b-1", "old", superseded_by="b-2"), bead("b-2", "new"))
    sut = ConsolidateBeads(staged, clock, ids)
    assert sut.execute(["c-1", "b-404"], C1.content) == Failure(BeadNotFound("b-404"))
    assert isinstance(sut.execute(["c-1", "b-1"], C1.content).failure(), InvalidConsolidation)


def test_a_flagged_bead_is_deleted_by_the_next_maintenance_pass(
    uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    stage(uow, bead("b-1", "Use Python 2"), bead("b-2", "Use Python 3"))
    assert FlagForDeletion(uow, clock, ids).execute("b-1", "contradicted by b-2").unwrap() == "b-1"
    assert uow.beads.rows["b-1"].flag_reason == "contradicted by b-2"
    assert RunMaintenance(uow, clock).execute().deleted == ("b-1",)
    assert set(uow.beads.rows) == {"b-2"}


def test_unflag_before_maintenance_keeps_the_bead(
    uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    stage(uow, bead("b-1", "Use Python 2"))
    FlagForDeletion(uow, clock, ids).execute("b-1", "stale")
    restored = Unflag(uow).execute("b-1").unwrap()
    assert (restored.gemini_flagged, restored.flag_reason) == (False, None)
    assert RunMaintenance(uow, clock).execute().deleted == ()
    assert "b-1" in uow.beads.rows


def test_flag_and_unflag_refuse_what_they_cannot_do(
    uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
):
    stage(uow, bead("b-1"))
    assert FlagForDeletion(uow, clock, ids).execute("b-404", "x") == Failure(BeadNotFound("b-404"))
    assert FlagForDeletion(uow, clock, ids).execute("b-1", "") == Failure(EmptyReason())
    assert Unflag(uow).execute("b-1") == Failure(NotFlagged("b-1"))
    assert not is_successful(Unflag(uow).execute("b-404"))
