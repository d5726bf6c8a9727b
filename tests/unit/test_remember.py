from collections.abc import Callable

import pytest
from returns.result import Failure, Success

from abzu.application.recall import Recall, RecallRequest
from abzu.application.remember import Destination, Remember, Remembered, RememberRequest
from abzu.domain.bead import CandidateSource
from abzu.domain.category import Category
from abzu.domain.dedup import DedupOutcome
from abzu.domain.errors import ContentTooLong, EmptyContent, UnknownCategory
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds, bead

WAL = "Use WAL mode so SQLite readers never block the single writer process"
WAL_RICHER = "Use WAL mode so SQLite readers never block the single writer process, ever"


@pytest.fixture
def sut(uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds, workspace: FixedWorkspace) -> Remember:
    return Remember(uow=uow, clock=clock, ids=ids, workspace=workspace)


def remember(sut: Remember, content: str, category: str = "learning", **kw: object) -> Remembered:
    result = sut.execute(RememberRequest(content, category, **kw))  # type: ignore[arg-type]
    assert isinstance(result, Success), result
    return result.unwrap()


def test_a_preference_goes_straight_to_permanent_memory(sut: Remember, uow: FakeUnitOfWork) -> None:
    done = remember(sut, "Prefer ruff over flake8", "preference")
    assert done.destination is Destination.WISDOM
    stored = uow.beads.rows[done.id]
    assert (stored.category, stored.weight, stored.project) == (Category.PREFERENCE, 1.0, "api")
    assert uow.candidates.rows == {}


@pytest.mark.parametrize("category", ["decision", "learning", "pattern", "fix"])
def test_other_categories_are_staged_for_review_as_manual(
    sut: Remember, uow: FakeUnitOfWork, category: str
) -> None:
    done = remember(sut, WAL, category)
    assert done.destination is Destination.STAGING
    staged = uow.candidates.rows[done.id]
    assert (staged.category.value, staged.source, staged.project) == (category, CandidateSource.MANUAL, "api")
    assert uow.beads.rows == {}


def test_the_project_comes_from_the_workspace_and_is_registered(sut: Remember, uow: FakeUnitOfWork) -> None:
    remember(sut, WAL)
    assert uow.projects.paths == {"api": "/src/api"}


def test_a_named_project_wins_over_the_workspace(sut: Remember, uow: FakeUnitOfWork) -> None:
    assert remember(sut, WAL, project=" web ").project == "web"
    assert uow.projects.paths["web"] is None


def test_a_global_memory_has_no_project(sut: Remember, uow: FakeUnitOfWork) -> None:
    done = remember(sut, WAL, is_global=True, project="web")
    assert done.project is None and uow.candidates.rows[done.id].project is None


def test_outside_any_workspace_memories_are_global(
    uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
) -> None:
    sut = Remember(uow=uow, clock=clock, ids=ids, workspace=FixedWorkspace(None))
    assert remember(sut, WAL).project is None


def test_writing_marks_the_project_active(sut: Remember, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    remember(sut, WAL)
    assert uow.projects.last_active == {"api": clock.now()}
    assert uow.commits == 1


def test_an_exact_duplicate_is_skipped_and_returns_the_existing_id(
    sut: Remember, uow: FakeUnitOfWork
) -> None:
    first = remember(sut, WAL)
    again = remember(sut, "  " + WAL.upper().replace(" ", "   "))
    assert (again.outcome, again.id, again.destination) == (
        DedupOutcome.SKIPPED_DUPLICATE, first.id, Destination.STAGING
    )
    assert list(uow.candidates.rows) == [first.id]


def test_a_staged_text_already_known_as_a_bead_is_skipped(sut: Remember, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-1"] = bead("b-1", WAL)
    again = remember(sut, WAL)
    assert (again.outcome, again.id, again.destination) == (
        DedupOutcome.SKIPPED_DUPLICATE, "b-1", Destination.WISDOM
    )
    assert uow.candidates.rows == {}


def test_the_same_text_in_another_project_is_stored_separately(sut: Remember, uow: FakeUnitOfWork) -> None:
    first, other = remember(sut, WAL), remember(sut, WAL, project="web")
    assert other.outcome is DedupOutcome.STORED and other.id != first.id


def test_a_near_duplicate_supersedes_the_old_one_which_is_never_recalled(
    sut: Remember, uow: FakeUnitOfWork, clock: FixedClock, workspace: FixedWorkspace
) -> None:
    old = remember(sut, WAL)
    new = remember(sut, WAL_RICHER)
    assert (new.outcome, new.superseded_id) == (DedupOutcome.SUPERSEDED, old.id)
    assert uow.candidates.rows[old.id].superseded_by == new.id
    recalled = Recall(uow=uow, clock=clock, workspace=workspace).execute(RecallRequest("sqlite writer"))
    assert [h.hit.item_id for h in recalled.unwrap().hits] == [new.id]


def test_a_near_duplicate_preference_supersedes_the_old_one(sut: Remember, uow: FakeUnitOfWork) -> None:
    old = remember(sut, WAL, "preference")
    new = remember(sut, WAL_RICHER, "preference")
    assert uow.beads.rows[old.id].superseded_by == new.id


def test_a_staged_near_duplicate_never_alters_a_reviewed_bead(sut: Remember, uow: FakeUnitOfWork) -> None:
    uow.beads.rows["b-1"] = bead("b-1", WAL)
    new = remember(sut, WAL_RICHER)
    assert new.outcome is DedupOutcome.STORED
    assert uow.beads.rows["b-1"] == bead("b-1", WAL)


def test_near_duplicates_in_different_projects_both_stay_live(sut: Remember, uow: FakeUnitOfWork) -> None:
    remember(sut, WAL)
    assert remember(sut, WAL_RICHER, project="web").outcome is DedupOutcome.STORED
    assert all(c.is_live for c in uow.candidates.rows.values())


def test_summary_and_tags_are_cleaned(sut: Remember, uow: FakeUnitOfWork) -> None:
    done = remember(sut, WAL, summary="  WAL\n for  readers\x00 ", tags=[" sqlite ", "", "\t"])
    staged = uow.candidates.rows[done.id]
    assert (staged.summary, staged.tags) == ("WAL for readers", ("sqlite",))


@pytest.mark.parametrize(
    ("content", "category", "error"),
    [
        ("Use WAL", "lesson", UnknownCategory("lesson", tuple(c.value for c in Category))),
        (" \x00\n ", "learning", EmptyContent()),
        ("x" * 8193, "preference", ContentTooLong(8193, 8192)),
    ],
)
def test_invalid_input_is_refused_and_nothing_is_stored(
    sut: Remember, uow: FakeUnitOfWork, content: str, category: str, error: object
) -> None:
    assert sut.execute(RememberRequest(content, category)) == Failure(error)
    assert (uow.beads.rows, uow.candidates.rows, uow.projects.paths, uow.commits) == ({}, {}, {}, 0)


def test_nul_bytes_never_reach_the_store(sut: Remember, uow: FakeUnitOfWork) -> None:
    done = remember(sut, "Use\x00 WAL")
    assert uow.candidates.rows[done.id].content == "Use WAL"


def test_a_private_span_is_never_stored(sut: Remember, uow: FakeUnitOfWork) -> None:
    done = remember(sut, "Deploy with fly <private>my card ends 4242</private> on Fridays", "preference")

    stored = uow.beads.rows[done.id].content
    assert "4242" not in stored and "private" not in stored
    assert stored.startswith("Deploy with fly") and stored.endswith("on Fridays")


def test_a_text_that_is_all_private_is_refused_and_nothing_is_stored(
    sut: Remember, uow: FakeUnitOfWork
) -> None:
    result = sut.execute(RememberRequest("<private>only for me</private>", "learning"))

    assert isinstance(result, Failure) and isinstance(result.failure(), EmptyContent)
    assert uow.candidates.rows == {} and uow.beads.rows == {}


def test_the_why_is_kept_with_its_secrets_and_private_spans_taken_out(
    sut: Remember, uow: FakeUnitOfWork
) -> None:
    token = "ghp_Z8aQ3xK9mLp2VtR7wYb4NcJ6hD1fGs0eUq5i"
    why = f"user asked after the outage <private>call Ann</private>; token {token}"
    done = remember(sut, WAL, context=why)
    stored = uow.candidates.rows[done.id].context or ""
    assert stored.startswith("user asked after the outage")
    assert "Ann" not in stored and "ghp_Z8aQ" not in stored and done.redactions == 1


class _AnotherWriterAfterReading:
    """The read-only unit of work of Remember's read phase (before the write gate); when it
    ends, `meanwhile` runs: another process's remember landing between read and write."""

    def __init__(self, uow: FakeUnitOfWork, meanwhile: "Callable[[], object]") -> None:
        self._uow, self._meanwhile = uow, meanwhile

    def __getattr__(self, name: str) -> object:
        return getattr(self._uow, name)

    def __enter__(self) -> "_AnotherWriterAfterReading":
        self._uow.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._uow.__exit__(None, None, None)
        self._meanwhile()


@pytest.mark.parametrize("category", ["learning", "preference"])
def test_two_writers_never_both_replace_one_memory(
    sut: Remember, uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds,
    workspace: FixedWorkspace, category: str,
) -> None:
    old = remember(sut, WAL, category)
    first: list[Remembered] = []  # the other writer's memory, stored while `late` was reading
    racing = Remember(uow=uow, clock=clock, ids=ids, workspace=workspace, reader=_AnotherWriterAfterReading(
        uow, lambda: first.append(remember(sut, WAL + ", never ever", category))))  # type: ignore[arg-type]
    late = remember(racing, WAL_RICHER, category)
    rows = uow.beads.rows if category == "preference" else uow.candidates.rows
    assert rows[old.id].superseded_by == first[0].id  # the first replacement stands
    assert late.superseded_id == first[0].id and rows[first[0].id].superseded_by == late.id
    assert [r.id for r in rows.values() if r.is_live] == [late.id]
