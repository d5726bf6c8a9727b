"""Redaction leaves real benign text alone: at most 0.5 % of lines changed (reliability.md S2).

The corpus is real text found on every machine that runs the tests (see tests/redaction_corpus.py):
Claude Code transcripts, this project's source, installed packages' RECORD hashes and the
standard library. `bench/redaction_false_positives.py` lists what is still flagged.
"""

from __future__ import annotations

import functools

import pytest

from abzu.domain.redaction import redact
from tests.redaction_corpus import sources

MAX_RATE = 0.005
SOURCES = sources()


@functools.cache
def changed(source: str) -> list[str]:
    return [line for line in SOURCES[source] if redact(line).changed]


def test_the_corpus_is_large_enough_to_measure_a_half_percent_rate() -> None:
    assert sum(len(lines) for lines in SOURCES.values()) >= 10_000
    assert all(SOURCES.values())


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_each_source_has_at_most_half_a_percent_of_lines_changed(source: str) -> None:
    flagged = changed(source)

    assert len(flagged) / len(SOURCES[source]) <= MAX_RATE, flagged[:10]


def test_the_whole_corpus_has_at_most_half_a_percent_of_lines_changed() -> None:
    lines = sum(len(lines) for lines in SOURCES.values())

    flagged = [line for source in SOURCES for line in changed(source)]

    assert len(flagged) / lines <= MAX_RATE, flagged[:10]
