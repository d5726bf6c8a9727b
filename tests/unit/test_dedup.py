import pytest

from abzu.domain.dedup import DedupOutcome, DedupPolicy, Existing, similarity, token_set
from abzu.domain.text import keywords

sut = DedupPolicy()
WORDS = [f"word{i:02d}" for i in range(40)]


def text_of(tokens: list[str]) -> str:
    return " ".join(tokens)


def test_identical_texts_are_fully_similar() -> None:
    assert similarity("Use WAL for SQLite", "Use WAL for SQLite") == 1.0


def test_case_and_word_order_do_not_matter() -> None:
    assert similarity("Use WAL mode for SQLite", "sqlite: wal MODE, use!") == 1.0


def test_stopwords_are_ignored_when_other_words_exist() -> None:
    assert similarity("the cache is warm", "a cache that was warm") == 1.0


def test_stopword_only_texts_compare_on_their_stopwords() -> None:
    assert token_set("to be or not to be") == frozenset({"to", "be", "or", "not"})
    assert similarity("to be or not to be", "not to be or to be") == 1.0
    assert similarity("to be", "or not") == 0.0


@pytest.mark.parametrize(("a", "b"), [("", "anything"), ("anything", ""), ("", ""), ("!!!", "?? --")])
def test_empty_or_punctuation_only_text_is_similar_to_nothing(a: str, b: str) -> None:
    assert similarity(a, b) == 0.0


def test_a_short_note_is_not_the_same_as_a_long_one_that_contains_it() -> None:
    assert similarity("sqlite wal", text_of(["sqlite", "wal", *WORDS[:8]])) == pytest.approx(0.2)


def test_similarity_exactly_at_the_threshold_does_not_supersede() -> None:
    old, new = text_of(WORDS[:20]), text_of(WORDS[:17] + WORDS[30:33])
    assert similarity(old, new) == 0.85
    verdict = sut.judge(new, exact_match=None, neighbours=[Existing("c-old", old)])
    assert verdict.outcome is DedupOutcome.STORED


def test_similarity_above_the_threshold_supersedes_the_old_item() -> None:
    old, new = text_of(WORDS[:20]), text_of(WORDS[:18] + WORDS[30:32])
    verdict = sut.judge(new, exact_match=None, neighbours=[Existing("c-old", old)])
    assert (verdict.outcome, verdict.existing_id, verdict.similarity) == (
        DedupOutcome.SUPERSEDED, "c-old", 0.9
    )


def test_the_most_similar_neighbour_is_the_one_superseded() -> None:
    new = text_of(WORDS[:20])
    neighbours = [
        Existing("c-close", text_of(WORDS[:18] + WORDS[30:32])),
        Existing("c-closest", text_of(WORDS[:19] + WORDS[30:31])),
        Existing("c-far", text_of(WORDS[:5])),
    ]
    verdict = sut.judge(new, exact_match=None, neighbours=neighbours)
    assert (verdict.outcome, verdict.existing_id) == (DedupOutcome.SUPERSEDED, "c-closest")


def test_an_exact_match_is_skipped_and_reports_the_existing_id() -> None:
    verdict = sut.judge("anything", exact_match="b-7", neighbours=[])
    assert (verdict.outcome, verdict.existing_id) == (DedupOutcome.SKIPPED_DUPLICATE, "b-7")


def test_without_neighbours_the_text_is_stored() -> None:
    verdict = sut.judge("fresh knowledge", exact_match=None, neighbours=[])
    assert (verdict.outcome, verdict.existing_id) == (DedupOutcome.STORED, None)


def test_keywords_drop_stopwords_and_repeats_in_first_seen_order() -> None:
    assert keywords("The cache, the CACHE and the WAL!") == ("cache", "wal")


def test_keywords_fall_back_to_stopwords_when_nothing_else_is_left() -> None:
    assert keywords("to be or not") == ("to", "be", "or", "not")


def test_keywords_split_punctuation_like_the_full_text_index() -> None:
    # "don't" splits into "don" and "t": both are stopword leftovers of a contraction.
    assert keywords("foo-bar a:b C++ don't") == ("foo", "bar", "b", "c")
    assert keywords('"" -- !!') == ()
    assert len(keywords(text_of(WORDS))) == 32
