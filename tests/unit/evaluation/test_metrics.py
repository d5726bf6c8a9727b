import pytest

from abzu.domain.evaluation.metrics import (
    all_at,
    collapse,
    first_rank,
    hit_at,
    percentile,
    reciprocal_rank,
    score,
    summarise,
)

RANKING = ["t4", "t9", "t2", "t7", "t1"]


def test_hit_at_k_needs_any_relevant_unit_within_the_top_k() -> None:
    assert not hit_at(RANKING, {"t2"}, 2)
    assert hit_at(RANKING, {"t2"}, 3)
    assert hit_at(RANKING, {"t2", "t4"}, 1)
    assert not hit_at(RANKING, {"t8"}, 10)


def test_all_at_k_needs_every_relevant_unit_within_the_top_k() -> None:
    assert not all_at(RANKING, {"t4", "t7"}, 3)
    assert all_at(RANKING, {"t4", "t7"}, 4)
    assert not all_at(RANKING, {"t4", "t8"}, 10)
    assert not all_at(RANKING, set(), 5)


def test_reciprocal_rank_is_one_over_the_rank_of_the_first_relevant_unit() -> None:
    assert first_rank(RANKING, {"t7", "t1"}) == 4
    assert reciprocal_rank(RANKING, {"t7", "t1"}) == 0.25
    assert reciprocal_rank(RANKING, {"t4"}) == 1.0
    assert reciprocal_rank(RANKING, {"t8"}) == 0.0


def test_a_turn_ranking_collapses_to_sessions_in_first_occurrence_order() -> None:
    session = {"D3:1": "S3", "D1:2": "S1", "D3:7": "S3", "D2:5": "S2", "D1:9": "S1"}

    assert collapse(["D3:1", "D1:2", "D3:7", "D2:5", "D1:9"], session) == ["S3", "S1", "S2"]


def test_collapsed_ranks_are_session_ranks() -> None:
    sessions = collapse(["D3:1", "D3:2", "D3:3", "D1:1"], {"D3:1": "S3", "D3:2": "S3", "D3:3": "S3",
                                                          "D1:1": "S1"})
    assert hit_at(sessions, {"S1"}, 2) and reciprocal_rank(sessions, {"S1"}) == 0.5


@pytest.mark.parametrize(("pct", "expected"), [(0, 1.0), (50, 2.5), (95, 3.85), (100, 4.0)])
def test_percentiles_interpolate_between_ranks(pct: float, expected: float) -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], pct) == pytest.approx(expected)


def test_a_summary_averages_per_question_scores() -> None:
    scores = [
        score(["a", "b", "c"], {"a"}, (1, 3), 2.0),
        score(["b", "c", "a"], {"a", "c"}, (1, 3), 4.0),
        score(["x"], {"a"}, (1, 3), 6.0),
    ]

    got = summarise(scores, 2)

    assert got.questions == 3
    assert got.hit_at == pytest.approx((1 / 3, 2 / 3))
    assert got.all_at == pytest.approx((1 / 3, 2 / 3))
    assert got.mrr == pytest.approx((1 + 0.5 + 0) / 3)
    assert (got.p50_ms, got.p95_ms) == pytest.approx((4.0, 5.8))


def test_no_questions_summarise_to_zeros() -> None:
    got = summarise([], 1)

    assert (got.questions, got.hit_at, got.mrr, got.p95_ms) == (0, (0.0,), 0.0, 0.0)
