"""A rule's gate only skips work: with every gate forced open, redaction finds exactly the same.

Each rule's gate (domain/redaction/gates.py) is a necessary condition read off its pattern: a
keyword or a provider prefix that every match holds, in the case the pattern matches it. A gate
that closed on text its pattern matches would let that secret be stored. So every scanner runs
on every text (all gates open) and must give what the gated engine gives: on every rule's own
positive examples, every token format in every setting, the fixture transcripts, and generated
mixes of those with case variants and non-ASCII text. The patterns are compiled on first use
(patterns.py), which these runs also exercise from a cold start of each rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings

from abzu.domain.redaction import Redacted, engine, redact
from abzu.domain.redaction.haystack import Haystack
from abzu.domain.redaction.rules import RULES
from tests.redaction_corpus import fixture_transcript_lines
from tests.token_corpus import corpus
from tests.unit.test_redaction import ALL_POSITIVES, Positive
from tests.unit.test_redaction_finder import texts


class _EveryGateOpen:
    """The engine's gate plan, answering "every rule may find something" for every text."""

    def open(self, hay: Haystack) -> list[int]:
        return list(range(len(RULES)))


@contextmanager
def _gates_open() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "_GATES", _EveryGateOpen())
        yield


def _ungated(text: str) -> Redacted:
    with _gates_open():
        return redact(text)


@pytest.mark.parametrize("case", ALL_POSITIVES, ids=lambda case: case.rule)
def test_no_gate_hides_a_rules_own_examples(case: Positive) -> None:
    assert redact(case.text) == _ungated(case.text)


def test_no_gate_hides_a_token_in_any_setting() -> None:
    texts_ = [text for _name, _setting, _token, text in corpus()]

    assert [redact(text) for text in texts_] == [_ungated(text) for text in texts_]


def test_no_gate_changes_the_fixture_transcripts() -> None:
    lines = fixture_transcript_lines()

    assert [redact(line) for line in lines] == [_ungated(line) for line in lines]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts())
def test_no_gate_hides_a_secret_in_mixed_text(text: str) -> None:
    assert redact(text) == _ungated(text)


def test_a_forced_open_gate_does_reach_the_scanners() -> None:
    """The comparison above means something: a rule whose gate is closed on a text finds
    nothing there gated, and its scanner does run when the gate is forced open."""
    scanned: list[str] = []
    original = RULES[0].scan

    def spy(hay: Haystack) -> Iterator[tuple[str, int, int]]:
        scanned.append(hay.text)
        return original(hay)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RULES[0], "scan", spy)
        redact("an ordinary note about caching")
        assert scanned == []
        with _gates_open():
            redact("an ordinary note about caching")
    assert scanned == ["an ordinary note about caching"]
