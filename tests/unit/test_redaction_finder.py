"""Redaction finds its trigger words the same way with or without the Aho-Corasick accelerator.

The rules only match their regexes where their words occur (see domain/redaction/haystack.py);
these tests pin down that locating the words never changes what is redacted: case variants that
`re.IGNORECASE` accepts, non-ASCII text before a secret, and both finders.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from abzu.domain.redaction import redact
from abzu.domain.redaction.engine import FINDER, VOCABULARY, redact_with
from abzu.domain.redaction.finder import AVAILABLE, Finder, find_all
from tests.unit.test_redaction import ALL_POSITIVES, rand

PURE = Finder(VOCABULARY, accelerated=False)
ACCELERATED = Finder(VOCABULARY)
needs_accelerator = pytest.mark.skipif(not AVAILABLE, reason="ahocorasick-rs is not installed")

FRAGMENTS = [
    "password", "PASSWORD", "pass", "token", "Token", "api_key", "apiKey", "secret", "auth",
    "bearer", "Basic", "key", "KEY", "-u ", "--token ", "://", "@", "=", ": ", '"', "\\n", "\n",
    " is ", "Sup3r-S3cret!", "a1B2c3D4e5F6g7H8", "é", "…", "ſ", "ı", "İ", "\u212a", "٣", "🔑",
]  # fmt: skip


def texts() -> st.SearchStrategy[str]:
    pieces = st.one_of(
        st.sampled_from(FRAGMENTS),
        st.sampled_from([case.text for case in ALL_POSITIVES]),
        st.text(max_size=12),
    )
    return st.lists(pieces, max_size=14).map("".join)


@needs_accelerator
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300).map(bytes.lower))
def test_the_accelerated_finder_reports_every_occurrence_a_search_finds(folded: bytes) -> None:
    found = ACCELERATED.find(folded)

    expected = {word: find_all(folded, word.encode()) for word in ACCELERATED.words}
    assert found == {word: starts for word, starts in expected.items() if starts}


@needs_accelerator
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts())
def test_redaction_is_the_same_with_and_without_the_accelerator(text: str) -> None:
    assert redact_with(text, ACCELERATED) == redact_with(text, PURE)


def test_the_default_finder_is_accelerated_when_the_package_is_installed() -> None:
    assert FINDER.accelerated == AVAILABLE


@pytest.mark.parametrize("finder", [PURE, ACCELERATED], ids=["pure", "accelerated"])
def test_every_positive_is_found_by_either_finder(finder: Finder) -> None:
    missed = [case.rule for case in ALL_POSITIVES if case.secret in redact_with(case.text, finder).text]

    assert missed == []


@pytest.mark.parametrize(
    "keyword",
    ["PAſſWORD", "paſſword", "Aᴘı key", "API \u212aEY", "TO\u212aEN"],
)
def test_case_insensitive_keywords_match_their_unicode_case_variants(keyword: str) -> None:
    # re.IGNORECASE matches ſ to s, ı and İ to i, the Kelvin sign to k: so must the word search.
    secret = "x9K2mQ7vL4pR8sT1wZ6nB3c"

    result = redact(f"the {keyword} is {secret} for now")

    assert (secret in result.text) == ("ᴘ" in keyword)  # U+1D18 is no case variant of p


def test_offsets_stay_right_after_non_ascii_text() -> None:
    token = "ghp_" + rand(random.Random(11), string.ascii_letters + string.digits, 36)
    text = f"naïve café 🔑 … {token} …"

    (finding,) = redact(text).findings

    assert text[finding.start : finding.end] == token


def test_a_token_written_with_other_scripts_digits_is_still_found() -> None:
    # `\d` matches Arabic-Indic digits: the long-run gate must count them as run characters.
    key = "sk-ant-api٠٣-" + rand(random.Random(12), string.ascii_letters + string.digits, 40)

    result = redact(f"ANTHROPIC_API_KEY is {key}")

    assert key not in result.text
    assert "[REDACTED:anthropic-api-key:" in result.text
