from abzu.domain.evaluation.baseline import TermOverlapIndex

INDEX = TermOverlapIndex.of([
    ("t1", "Ana: I adopted a greyhound."),
    ("t2", "Ben: the GREYHOUND from the shelter sleeps all day."),
    ("t3", "Ana: We painted the kitchen."),
    ("t4", "Ben: Greyhounds are fast."),
])


def test_more_shared_query_words_rank_higher_case_insensitively() -> None:
    assert INDEX.rank("Which greyhound came from the shelter?", limit=10) == ["t2", "t1"]


def test_ties_keep_document_order_and_stopwords_do_not_count() -> None:
    assert INDEX.rank("What did Ana do with the greyhound?", limit=10) == ["t1", "t2", "t3"]


def test_no_stemming_and_no_match_means_not_retrieved() -> None:
    assert INDEX.rank("greyhounds", limit=10) == ["t4"]
    assert INDEX.rank("volcano", limit=10) == []


def test_the_limit_cuts_the_ranking() -> None:
    assert INDEX.rank("Ana greyhound kitchen", limit=1) == ["t1"]
