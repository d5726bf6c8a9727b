"""Whatever a user types, searching never raises: every token is quoted and bound as a parameter."""

from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from returns.result import Failure, Success

from abzu.adapters.sqlite.fts_query import quoted_terms
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.domain.scope import Scope, ScopeKind
from abzu.domain.text import keywords
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.fakes import T0, bead, candidate
from tests.integration.sqlite_helpers import sqlite_uow

HOSTILE = ["don't", "C++", "a:b", '"', "AND", "foo-bar", "", "NEAR(a b)", "col:*", "^start", "x OR", "(", "*",
           "nul\x00byte"]
STORED = ["don't panic", "C++ templates", "a:b ratio", "foo-bar baz", "AND gate"]
ALL = Scope(ScopeKind.ALL, None)
F = TypeVar("F", bound=Callable[..., None])


def with_examples(texts: list[str]) -> Callable[[F], F]:
    """The explicit cases hypothesis must always try, on top of the generated ones."""
    def decorate(test: F) -> F:
        for text in texts:
            test = example(text)(test)
        return test
    return decorate


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SqliteUnitOfWork]:
    with sqlite_uow(tmp_path_factory.mktemp("fts")) as uow:
        with uow:
            uow.projects.register("api", "/src/api", T0)
            for i, text in enumerate(STORED):
                uow.beads.add(bead(f"b-{i}", text))
                uow.candidates.add(candidate(f"c-{i}", text))
            uow.commit()
        yield uow


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Container]:
    root = tmp_path_factory.mktemp("repo") / "api"
    (root / ".git").mkdir(parents=True)
    container = build_container(Settings(home=tmp_path_factory.mktemp("home")), cwd=root)
    yield container
    container.shutdown_resources()


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_queries_quote_every_term_and_drop_nuls(query: str) -> None:
    assert all(t.startswith('"') and t.endswith('"') and "\x00" not in t for t in quoted_terms(query.split()))


@settings(max_examples=300, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text())
@with_examples(HOSTILE)
def test_searching_raw_tokens_never_raises(store: SqliteUnitOfWork, query: str) -> None:
    with store:
        for terms in (query.split(), list(keywords(query))):
            store.beads.search(terms, ALL, limit=5, now=T0)
            store.candidates.search(terms, ALL, limit=5, now=T0)
            store.beads.neighbours(terms, "api", 3)
            store.candidates.neighbours(terms, "api", 3)


@pytest.mark.parametrize(
    ("query", "found"), [("don't", "b-0"), ("C++", "b-1"), ("a:b", "b-2"), ("foo-bar", "b-3")]
)
def test_punctuated_words_still_find_what_they_name(store: SqliteUnitOfWork, query: str, found: str) -> None:
    with store:
        hits = store.beads.search(query.split(), ALL, limit=5, now=T0)
    assert hits and hits[0].item_id == found


@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=200))
@with_examples(HOSTILE)
def test_recall_answers_any_text_with_results_or_nothing(real: Container, query: str) -> None:
    assert isinstance(real.recall().execute(RecallRequest(query)), Success)


@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300))
@with_examples(["\ud800 lone surrogate", "\x00", "x" * 8193, *HOSTILE])
def test_remember_stores_any_text_or_refuses_it_in_words(real: Container, text: str) -> None:
    match real.remember().execute(RememberRequest(text, "fix")):
        case Success(_):
            pass
        case Failure(error):
            assert error.message
