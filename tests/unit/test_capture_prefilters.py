"""The word check in front of the decision regex (issue 13) never hides a sentence the regex
would have taken: capture finds what it found before, only faster."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from abzu.domain.extraction.decisions import _DECISION, decision_sentences, may_decide

# Words of the regex cut at odd places, other words, cases and punctuation.
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


def test_plain_sentences_skip_the_rules_and_stated_ones_are_still_found() -> None:
    assert not may_decide("Looking at the parser cursor and session index now.")
    assert list(decision_sentences("Looking at the index now. I'll use a dict lookup, not a scan.")) == [
        "I'll use a dict lookup, not a scan."]
    assert may_decide("I ſwitched the store")  # non-ASCII: to the regex


# One sentence per alternative of the rule, written out by hand: each must reach its regex.
_DECIDING = [
    "I'll use a dict here", "I will go with sqlite", "we'll stick with it", "We will adopt the queue",
    "Let's keep using typer", "I'll store the id", "Changed the loop", "Switched the store",
    "Decided on this", "it was decided", "a list instead of a dict", "switched to sqlite", "switching to uv",
    "going with a set", "opted for speed", "opted to wait", "a set rather than a list", "we chose uv",
    "I need to create a hook that matches the types", "we have to write a shim because it breaks",
]


@pytest.mark.parametrize("sentence", _DECIDING)
def test_every_kind_of_decision_reaches_its_rule(sentence: str) -> None:
    assert _DECISION.search(sentence) is not None and may_decide(sentence)
