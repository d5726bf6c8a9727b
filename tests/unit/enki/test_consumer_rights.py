"""Spec §13 rights per consumer: what each may do, and the reason given when it may not."""

import pytest

from abzu.domain.enki.consumers import Action, Consumer, parse_consumer, refusal


@pytest.mark.parametrize(("consumer", "allowed"), [
    (Consumer.AGENT, {"recall", "remember", "star", "status"}),
    (Consumer.PM, {"recall", "status"}),
    (Consumer.EM, {"recall", "status", "remember"}),
    (Consumer.URU, {"status"}),
])
def test_each_consumer_has_exactly_its_rights(consumer: Consumer, allowed: set[str]) -> None:
    assert {a.value for a in Action if refusal(consumer, a, "fix") is None} == allowed


def test_the_em_may_not_store_a_preference_which_would_skip_review() -> None:
    refused = refusal(Consumer.EM, Action.REMEMBER, " Preference ")
    assert refused is not None and "skips review" in refused.message
    assert refusal(Consumer.AGENT, Action.REMEMBER, "preference") is None


def test_a_refusal_names_action_consumer_and_reason() -> None:
    refused = refusal(Consumer.PM, Action.STAR)
    assert refused is not None
    assert refused.message == "star is not allowed for consumer 'pm': PM reads memory and writes nothing"


def test_consumer_names_are_parsed_leniently_and_unknown_ones_rejected() -> None:
    assert parse_consumer(" EM ") is Consumer.EM and parse_consumer("boss") is None
