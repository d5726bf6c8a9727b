from abzu.domain.text import keywords


def test_possessives_and_contractions_leave_no_one_letter_search_terms() -> None:
    assert keywords("What is Caroline's plan? She didn't say, and I'm sure they'll tell us") == (
        "caroline", "plan", "say", "sure", "tell", "us"
    )


def test_a_fragment_that_is_also_a_word_stays_searchable() -> None:
    assert keywords("Who won the chess final?") == ("won", "chess", "final")


def test_a_query_of_only_fragments_still_searches_for_something() -> None:
    assert keywords("s t") == ("s", "t")
