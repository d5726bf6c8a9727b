import pytest

from abzu.application.semantic.fusion import fuse, min_max


def _ids(fused: list[tuple[str, float]]) -> list[str]:
    return [item for item, _ in fused]


def test_min_max_spreads_each_list_over_zero_to_one() -> None:
    assert min_max([("a", 9.0), ("b", 5.0), ("c", 1.0)]) == {"a": 1.0, "b": 0.5, "c": 0.0}


def test_a_list_of_equal_scores_counts_fully_rather_than_dividing_by_zero() -> None:
    assert min_max([("a", 2.0), ("b", 2.0)]) == {"a": 1.0, "b": 1.0}


def test_dense_weight_zero_keeps_the_lexical_order_and_appends_dense_only_items() -> None:
    lexical = [("a", 3.0), ("b", 2.0), ("c", 1.0)]
    dense = [("z", 0.9), ("c", 0.8)]
    assert _ids(fuse(lexical, dense, dense_weight=0.0)) == ["a", "b", "c", "z"]


def test_a_strong_dense_match_lifts_a_weak_lexical_one_past_a_middling_one() -> None:
    lexical = [("a", 10.0), ("b", 6.0), ("c", 5.0), ("d", 0.0)]
    dense = [("c", 0.9), ("a", 0.5), ("b", 0.1)]
    # c: 0.7 * 0.5 + 0.3 * 1 = 0.65 beats b: 0.7 * 0.6 + 0 = 0.42
    assert _ids(fuse(lexical, dense, dense_weight=0.3)) == ["a", "c", "b", "d"]


def test_an_item_only_dense_finds_can_still_rank_when_lexical_misses_everything() -> None:
    assert _ids(fuse([], [("x", 0.8), ("y", 0.2)])) == ["x", "y"]


def test_only_the_top_of_each_list_is_fused() -> None:
    lexical = [(f"l{i}", float(-i)) for i in range(5)]
    assert _ids(fuse(lexical, [], depth=2)) == ["l0", "l1"]


def test_a_weight_outside_zero_to_one_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        fuse([], [], dense_weight=1.5)
