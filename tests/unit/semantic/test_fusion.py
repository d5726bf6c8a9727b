from abzu.application.semantic.fusion import min_max


def test_min_max_spreads_each_list_over_zero_to_one() -> None:
    assert min_max([("a", 9.0), ("b", 5.0), ("c", 1.0)]) == {"a": 1.0, "b": 0.5, "c": 0.0}


def test_a_list_of_equal_scores_counts_fully_rather_than_dividing_by_zero() -> None:
    assert min_max([("a", 2.0), ("b", 2.0)]) == {"a": 1.0, "b": 1.0}
