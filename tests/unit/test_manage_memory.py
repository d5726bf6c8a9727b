"""Show, edit and forget one memory by id (issue 19), on the in-memory stores."""

import pytest
from returns.result import Failure, Success

from abzu.application.manage.edit import EditMemory, EditRequest
from abzu.application.manage.errors import DuplicateText, MemoryNotFound, NothingToEdit, StagedPreference
from abzu.application.manage.forget import ForgetMemory, Forgotten
from abzu.application.manage.show import ShowMemory
from abzu.domain.bead import Bead
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.domain.errors import EmptyContent
from tests.builders import bead, candidate
from tests.fakes import FakeUnitOfWork

SECRET = "ghp_R8x2Kq9ZmT4vLp7WnB3cYd6FhJ1sXa5GeU0o"


@pytest.fixture
def stored(uow: FakeUnitOfWork) -> FakeUnitOfWork:
    uow.projects.paths["api"] = "/src/api"
    uow.beads.rows["b-1"] = bead("b-1", tags=("db",))
    uow.candidates.rows["c-1"] = candidate("c-1")
    return uow


def test_show_finds_beads_and_candidates_and_names_unknown_ids(stored: FakeUnitOfWork) -> None:
    show = ShowMemory(stored)
    assert show.execute(" b-1 ").unwrap().memory.content == "Use WAL mode for SQLite"
    assert show.execute("c-1").unwrap().memory.id == "c-1"
    assert show.execute("b-404").failure() == MemoryNotFound("b-404")


def test_show_says_what_a_bead_was_derived_from(stored: FakeUnitOfWork) -> None:
    stored.bead_sources.record("b-1", ["c-7", "b-0"])
    assert ShowMemory(stored).execute("b-1").unwrap().derived_from == ("b-0", "c-7")
    assert ShowMemory(stored).execute("c-1").unwrap().derived_from == ()


def test_edit_redacts_rehashes_and_keeps_the_bead_a_bead(stored: FakeUnitOfWork) -> None:
    edited = EditMemory(stored).execute(EditRequest("b-1", content=f"Use WAL; key {SECRET}", summary="WAL"))

    new = stored.beads.rows["b-1"]
    assert isinstance(edited.unwrap().memory, Bead) and stored.commits == 1
    assert SECRET not in new.content and "[REDACTED:github-pat:" in new.content
    assert new.content_hash == content_hash(new.content)
    assert (new.summary, new.tags, new.category) == ("WAL", ("db",), Category.LEARNING)


def test_edit_changes_category_and_tags_only_when_given(stored: FakeUnitOfWork) -> None:
    EditMemory(stored).execute(EditRequest("c-1", category="fix", tags=("sqlite", "wal")))
    assert (stored.candidates.rows["c-1"].category, stored.candidates.rows["c-1"].tags) == (
        Category.FIX, ("sqlite", "wal"),
    )
    EditMemory(stored).execute(EditRequest("c-1", tags=()))
    assert stored.candidates.rows["c-1"].tags == ()


@pytest.mark.parametrize(
    ("request_", "error"),
    [
        (EditRequest("b-1"), NothingToEdit()),
        (EditRequest("b-9", summary="x"), MemoryNotFound("b-9")),
        (EditRequest("c-1", category="preference"), StagedPreference("c-1")),
        (EditRequest("c-1", content="Use WAL mode for SQLite"), DuplicateText("c-1", "b-1")),
        (EditRequest("b-1", content="<private>all of it</private>"), EmptyContent()),
    ],
)
def test_a_refused_edit_changes_nothing(stored: FakeUnitOfWork, request_: EditRequest, error: object) -> None:
    before = (dict(stored.beads.rows), dict(stored.candidates.rows))
    assert EditMemory(stored).execute(request_) == Failure(error)
    assert (stored.beads.rows, stored.candidates.rows) == before and stored.commits == 0


def test_forget_removes_a_bead_with_every_older_version_and_nothing_else(stored: FakeUnitOfWork) -> None:
    stored.beads.rows["b-0"] = bead("b-0", "Use WAL", superseded_by="b-1")
    stored.beads.rows["b-00"] = bead("b-00", "WAL please", superseded_by="b-0")
    stored.beads.rows["b-2"] = bead("b-2", "Vacuum monthly")

    done = ForgetMemory(stored).execute("b-1")

    assert done == Success(Forgotten("b-1", "wisdom", "learning", "api", ("b-0", "b-00")))
    assert set(stored.beads.rows) == {"b-2"}  # no older wording comes back live


def test_forget_removes_a_candidate_with_its_older_versions_and_names_unknown_ids(
    stored: FakeUnitOfWork,
) -> None:
    stored.candidates.rows["c-0"] = candidate("c-0", superseded_by="c-1")
    assert ForgetMemory(stored).execute("c-1").unwrap().older == ("c-0",)
    assert stored.candidates.rows == {}
    assert ForgetMemory(stored).execute("c-1").failure() == MemoryNotFound("c-1")
