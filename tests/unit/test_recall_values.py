"""RecallRequest and Recalled keep the frozen dataclass's contract the callers rely on: built by
position or keyword with the same defaults, equal and hashed by value, immutable, printed with
their fields."""

from datetime import UTC, datetime

import pytest

from abzu.application.recall import Recalled, RecallRequest
from abzu.domain.category import Category
from abzu.domain.ranking import RankedHit, SearchHit, Source

AT = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def _hit() -> RankedHit:
    hit = SearchHit("b-1", Source.BEAD, Category.DECISION, "api", "Pin sqlite", None, AT, 2.0)
    return RankedHit(hit, 1.0, 1.5)


def test_a_request_keeps_its_defaults_and_is_equal_by_value() -> None:
    request = RecallRequest("sqlite")
    defaults = (request.scope, request.project, request.limit, request.relevance_floor)
    assert defaults == ("project", None, 10, None)
    assert request == RecallRequest(query="sqlite", scope="project", limit=10)
    assert request != RecallRequest("sqlite", limit=5)
    assert len({request, RecallRequest("sqlite"), RecallRequest("cache")}) == 2


def test_an_answer_is_equal_by_value_and_hashable() -> None:
    answer = Recalled("sqlite", "api", "project", (_hit(),))
    assert answer == Recalled("sqlite", "api", "project", (_hit(),))
    assert answer != Recalled("sqlite", "api", "all", (_hit(),))
    assert hash(answer) == hash(Recalled("sqlite", "api", "project", (_hit(),)))
    assert answer != ("sqlite", "api", "project", (_hit(),))  # another type is never equal


def test_neither_can_be_changed_after_it_is_built() -> None:
    request, answer = RecallRequest("sqlite"), Recalled("q", None, "all", ())
    with pytest.raises(AttributeError):
        request.limit = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        answer.hits = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del request.query  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):  # TypeError: CPython 3.11's frozen+slots bug
        request.extra = 1  # type: ignore[attr-defined]
    assert request == RecallRequest("sqlite")


def test_they_print_their_fields_in_order_and_match_by_position() -> None:
    assert repr(RecallRequest("sqlite", limit=3)) == (
        "RecallRequest(query='sqlite', scope='project', project=None, limit=3, relevance_floor=None)")
    match Recalled("q", "api", "all", ()):
        case Recalled(query, project, scope, hits):
            assert (query, project, scope, hits) == ("q", "api", "all", ())
        case _:
            pytest.fail("no positional match")
