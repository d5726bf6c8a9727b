import pytest
from returns.result import Failure, Success

from abzu.domain.bead import Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.errors import InvalidScope, UnknownCategory
from abzu.domain.scope import Scope, ScopeKind
from tests.fakes import T0


@pytest.mark.parametrize("value", ["decision", "learning", "pattern", "fix", "preference"])
def test_the_five_categories_parse(value: str) -> None:
    assert Category.parse(value) == Success(Category(value))


def test_categories_parse_regardless_of_case_and_padding() -> None:
    assert Category.parse("  Preference ") == Success(Category.PREFERENCE)


def test_an_unknown_category_error_lists_the_five() -> None:
    result = Category.parse("lesson")
    five = ("decision", "learning", "pattern", "fix", "preference")
    assert result == Failure(UnknownCategory("lesson", five))
    assert result.failure().message == (
        "unknown category 'lesson': use one of decision, learning, pattern, fix, preference"
    )


def test_only_preferences_skip_staging() -> None:
    assert [c for c in Category if c.is_permanent_on_write] == [Category.PREFERENCE]


def test_a_preference_can_never_be_a_staged_candidate() -> None:
    with pytest.raises(ValueError, match="never staged"):
        Candidate("c-1", "x", Category.PREFERENCE, None, "h", CandidateSource.MANUAL, T0)


@pytest.mark.parametrize(("value", "kind"), [("project", ScopeKind.PROJECT), (" ALL ", ScopeKind.ALL)])
def test_scopes_parse(value: str, kind: ScopeKind) -> None:
    assert Scope.parse(value, "api") == Success(Scope(kind, "api"))


def test_an_unknown_scope_is_an_error_naming_the_choices() -> None:
    result = Scope.parse("global", "api")
    assert result == Failure(InvalidScope("global"))
    assert result.failure().message == "unknown scope 'global': use 'project' or 'all'"


def test_a_project_scope_admits_its_project_and_global_only() -> None:
    scope = Scope(ScopeKind.PROJECT, "api")
    assert [scope.admits(p) for p in ("api", None, "web")] == [True, True, False]


def test_a_project_scope_without_a_project_admits_only_global() -> None:
    scope = Scope(ScopeKind.PROJECT, None)
    assert [scope.admits(p) for p in ("api", None)] == [False, True]


def test_the_all_scope_admits_every_project() -> None:
    scope = Scope(ScopeKind.ALL, "api")
    assert [scope.admits(p) for p in ("api", None, "web")] == [True, True, True]
