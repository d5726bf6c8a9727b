import random
from datetime import timedelta

import pytest

from abzu.domain.bead import VouchedBy
from abzu.domain.category import Category
from abzu.domain.ranking import RankingPolicy, SearchHit, Source
from tests.fakes import T0

sut = RankingPolicy()


def hit(
    item_id: str,
    strength: float,
    *,
    project: str | None = "api",
    source: Source = Source.BEAD,
    weight: float = 1.0,
    age_days: int = 0,
    ceiling: float = 1.0,
    vouched_by: VouchedBy | None = VouchedBy.REVIEW,
) -> SearchHit:
    """A reviewed bead unless `source` or `vouched_by` says otherwise."""
    return SearchHit(
        item_id,
        source,
        Category.LEARNING,
        project,
        f"text of {item_id}",
        None,
        T0 - timedelta(days=age_days),
        strength,
        weight,
        ceiling=ceiling,
        vouched_by=vouched_by if source is Source.BEAD else None,
    )


def ranked_ids(hits: list[SearchHit], *, focus: str | None = "api", limit: int = 10) -> list[str]:
    return [r.hit.item_id for r in sut.rank(hits, focus_project=focus, limit=limit)]


def test_relevance_is_normalised_per_query_so_the_best_match_is_one() -> None:
    ranked = sut.rank([hit("a", 8.0), hit("b", 4.0)], focus_project="api", limit=10)
    assert [(r.hit.item_id, r.relevance) for r in ranked] == [("a", 1.0), ("b", 0.5)]


def test_the_same_hits_rank_the_same_whatever_the_scale_of_bm25() -> None:
    small = ranked_ids([hit("a", 0.02), hit("b", 0.01), hit("c", 0.015, project=None)])
    large = ranked_ids([hit("a", 20.0), hit("b", 10.0), hit("c", 15.0, project=None)])
    assert small == large == ["a", "c", "b"]


def test_matches_below_the_floor_are_dropped_before_the_project_boost() -> None:
    # 0.25 x 1.5 = 0.375 would pass a floor applied after boosts; the floor is on relevance.
    ranked = ranked_ids([hit("strong-global", 4.0, project=None), hit("weak-current", 1.0)])
    assert ranked == ["strong-global"]


def test_a_match_exactly_at_the_floor_is_kept() -> None:
    assert ranked_ids([hit("best", 10.0), hit("edge", 3.0), hit("below", 2.99)]) == ["best", "edge"]


def test_a_weak_current_project_match_cannot_outrank_a_strong_global_one() -> None:
    ranked = ranked_ids([hit("weak-current", 5.0), hit("strong-global", 10.0, project=None)])
    assert ranked == ["strong-global", "weak-current"]


def test_project_boosts_are_current_1_5_global_1_2_other_1_0() -> None:
    ranked = sut.rank(
        [hit("other", 5.0, project="web"), hit("global", 5.0, project=None), hit("current", 5.0)],
        focus_project="api",
        limit=10,
    )
    assert [(r.hit.item_id, r.score) for r in ranked] == [("current", 1.5), ("global", 1.2), ("other", 1.0)]


def test_without_a_current_project_every_project_counts_as_other() -> None:
    ranked = sut.rank([hit("api", 5.0), hit("global", 5.0, project=None)], focus_project=None, limit=10)
    assert [(r.hit.item_id, r.score) for r in ranked] == [("global", 1.2), ("api", 1.0)]


def test_a_staged_candidate_ranks_below_an_equally_relevant_bead() -> None:
    ranked = sut.rank(
        [hit("candidate", 5.0, source=Source.CANDIDATE), hit("bead", 5.0)],
        focus_project="api",
        limit=10,
    )
    assert [(r.hit.item_id, r.score) for r in ranked] == [("bead", 1.5), ("candidate", pytest.approx(1.2))]


def test_decay_weight_scales_the_score() -> None:
    ranked = sut.rank([hit("fresh", 5.0), hit("faded", 5.0, weight=0.2)], focus_project="api", limit=10)
    assert [(r.hit.item_id, r.score) for r in ranked] == [("fresh", 1.5), ("faded", pytest.approx(0.3))]


def test_ties_break_by_newest_first_then_by_id() -> None:
    hits = [
        hit("b-old", 5.0, age_days=10),
        hit("b-new-2", 5.0),
        hit("b-new-1", 5.0),
        hit("b-best", 6.0, age_days=99),
    ]
    expected = ["b-best", "b-new-1", "b-new-2", "b-old"]
    for seed in range(5):
        random.Random(seed).shuffle(hits)
        assert ranked_ids(hits) == expected


def test_limit_keeps_the_best() -> None:
    assert ranked_ids([hit(f"h{i}", 10.0 - i) for i in range(6)], limit=2) == ["h0", "h1"]


@pytest.mark.parametrize("strengths", [[], [0.0], [0.0, -1.0]])
def test_nothing_relevant_ranks_nothing(strengths: list[float]) -> None:
    assert ranked_ids([hit(f"h{i}", s) for i, s in enumerate(strengths)]) == []


def test_the_floor_can_be_overridden_per_recall() -> None:
    hits = [hit("best", 10.0), hit("weak", 1.0)]
    assert [r.hit.item_id for r in sut.with_floor(0.0).rank(hits, focus_project="api", limit=10)] == [
        "best",
        "weak",
    ]
    assert sut.with_floor(None) is sut


def test_a_preference_the_agent_wrote_ranks_like_a_candidate_below_a_reviewed_bead() -> None:
    """Issue 29: what nobody reviewed ranks × 0.8 (spec §5's candidate factor), wherever it is stored."""
    ranked = sut.rank(
        [hit("agent", 5.0, vouched_by=VouchedBy.AGENT), hit("person", 5.0, vouched_by=VouchedBy.PERSON),
         hit("review", 5.0)],
        focus_project="api", limit=10,
    )
    assert [(r.hit.item_id, r.hit.reviewed, r.score) for r in ranked] == [
        ("person", True, 1.5), ("review", True, 1.5), ("agent", False, pytest.approx(1.2))]


def test_a_weak_lone_bead_no_longer_outranks_a_strong_candidate() -> None:
    # The bead holds one query term of four (10% of the ideal); the candidate most of them (60%).
    # Normalised per source each was "the best" (1.0): the bead won 1.5 to 1.2 on its boosts.
    ranked = sut.rank(
        [
            hit("weak-bead", 1.0, ceiling=10.0),
            hit("strong-candidate", 6.0, source=Source.CANDIDATE, ceiling=10.0),
        ],
        focus_project="api",
        limit=10,
    )
    assert [(r.hit.item_id, r.relevance, r.score) for r in ranked] == [
        ("strong-candidate", 1.0, pytest.approx(1.2))
    ]


def test_relevance_compares_coverage_of_the_query_not_raw_bm25_of_two_indexes() -> None:
    # A tiny staging table scores every term near FTS5's floor IDF: raw 1e-6 against 7.5, yet
    # both cover the query equally well, and the bead wins only by its source boost.
    ranked = sut.rank(
        [
            hit("bead", 7.5, ceiling=10.0),
            hit("lone-candidate", 1e-6, source=Source.CANDIDATE, ceiling=1.33e-6),
        ],
        focus_project="api",
        limit=10,
    )
    assert [r.hit.item_id for r in ranked] == ["bead", "lone-candidate"]
    assert all(r.relevance == pytest.approx(1.0, rel=0.01) for r in ranked)


def test_the_floor_applies_among_candidates_too() -> None:
    hits = [hit("strong", 4.0, source=Source.CANDIDATE), hit("weak", 1.0, source=Source.CANDIDATE)]
    assert ranked_ids(hits) == ["strong"]
