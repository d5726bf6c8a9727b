"""The word checks in front of the decision and learning regexes (issue 13) never hide a
sentence the regex would have taken: capture finds what it found before, only faster."""

from hypothesis import given
from hypothesis import strategies as st

from abzu.domain.extraction.decisions import _DECISION, decision_sentences, may_decide
from abzu.domain.extraction.learnings import _LEARNING, learning_sentences, may_teach

# Words of both regexes cut at odd places, other words, cases and punctuation.
_PARTS = [
    "I'll", "i will", "We'll", "let's", "use", "go with", "keep", "store", "Changed", "SWITCHED", "decided",
    "instead", "of", "switching", "to", "going", "with", "opted", "for", "rather", "than", "chose", "need",
    "have", "create", "that", "matches", "because", "turns", "out", "the", "issue", "was", "cause", "culprit",
    "note", "caused", "by", "found", "realised", "discrepancies", "mismatch", "duplicated", "dual",
    "structure", "inconsistent", "date", "outdated", "upgraded", "from", "differs", "interactive", "prompt",
    "doesn't", "exist", "support", "isn't", "installed", "available", "no", "`npm`", "script", "parser",
    "cursor", "It", "we", "I", "is", "are", ".", ",", "-", "ſwitched", "chοse",
    # whole phrases of the rules' alternatives, written out here rather than taken from the word lists
    "I will switch to", "we will replace", "Let's drop", "Decided", "switched to", "opted to",
    "rather than", "I need to build", "we have to use", "going with", "turns out", "the issue was",
    "the root cause is", "note that", "were caused by", "I discovered that", "out of date", "upgraded to",
    "differ from", "interactive prompt", "did not work with", "aren't supported", "no `make` target",
    "so that", "which fits",
]
_SENTENCES = st.lists(st.sampled_from(_PARTS), min_size=1, max_size=14).map(" ".join)


@given(_SENTENCES)
def test_a_sentence_the_decision_rule_matches_always_passes_its_word_check(sentence: str) -> None:
    assert may_decide(sentence) or _DECISION.search(sentence) is None


@given(_SENTENCES)
def test_a_sentence_the_learning_rule_matches_always_passes_its_word_check(sentence: str) -> None:
    assert may_teach(sentence) or _LEARNING.search(sentence) is None


def test_plain_sentences_skip_the_rules_and_stated_ones_are_still_found() -> None:
    assert not may_decide("Looking at the parser cursor and session index now.")
    assert not may_teach("Looking at the parser cursor and session index now.")
    assert list(decision_sentences("Looking at the index now. I'll use a dict lookup with a default.")) == [
        "I'll use a dict lookup with a default."]
    assert list(learning_sentences("It turns out the cursor was reset on every run.")) == [
        "It turns out the cursor was reset on every run."]
    assert may_decide("I ſwitched the store") and may_teach("ſome odd text")  # non-ASCII: to the regex
