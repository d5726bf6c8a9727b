"""SearchHit, RankedHit and RankingPolicy are frozen, slotted dataclasses: the ranking, the recall
stamps and the MCP server's threads rely on them behaving as frozen values."""

import copy
import pickle
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from abzu.domain.category import Category
from abzu.domain.ranking import RankedHit, RankingPolicy, SearchHit, Source

AT = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def _hit(**changes: object) -> SearchHit:
    hit = SearchHit("b-1", Source.BEAD, Category.DECISION, "api", "Pin sqlite", None, AT, 2.0)
    return replace(hit, **changes)


def test_a_hit_keeps_its_defaults_and_is_equal_and_hashed_by_value() -> None:
    hit = _hit()
    assert (hit.weight, hit.last_accessed, hit.ceiling, hit.stale) == (1.0, None, 1.0, None)
    assert hit == _hit() and hash(hit) == hash(_hit())
    assert hit != _hit(strength=3.0)
    assert len({RankedHit(hit, 1.0, 1.5), RankedHit(_hit(), 1.0, 1.5), RankedHit(hit, 0.5, 1.0)}) == 2


def test_replace_changes_only_the_named_fields_and_leaves_the_original() -> None:
    hit = _hit()
    later = replace(hit, last_accessed=AT)
    assert later.last_accessed == AT and later.content == hit.content
    assert hit.last_accessed is None
    with pytest.raises(TypeError, match="'colour'"):
        replace(hit, colour="red")


def test_a_hit_cannot_be_changed_in_place() -> None:
    hit = _hit()
    with pytest.raises(AttributeError):
        hit.weight = 0.1  # type: ignore[misc]
    assert hit.weight == 1.0


def test_copies_and_pickles_are_equal_values() -> None:
    ranked = RankedHit(_hit(stale="stale"), 0.9, 1.2)
    assert copy.copy(ranked) == ranked
    assert copy.deepcopy(ranked) == ranked
    assert pickle.loads(pickle.dumps(ranked)) == ranked


def test_a_policy_with_a_new_floor_is_a_new_policy() -> None:
    policy = RankingPolicy()
    assert policy.with_floor(None) is policy
    assert policy.with_floor(0.5) == RankingPolicy(relevance_floor=0.5)
    assert policy.relevance_floor == RankingPolicy().relevance_floor
    assert repr(RankingPolicy(0.5)) == "RankingPolicy(relevance_floor=0.5)"
