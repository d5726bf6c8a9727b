import pytest

from abzu.domain.review.batching import BatchPolicy, estimate_tokens
from tests.unit.review.helpers import bead, candidate


def test_batches_respect_the_token_budget_minus_the_context_share():
    policy = BatchPolicy(budget_tokens=1_000, context_share=0.5)
    items = [candidate(f"c-{i}", "x" * 400) for i in range(10)]  # ~124 tokens each
    batches = policy.split(items)
    assert [c.id for b in batches for c in b] == [c.id for c in items]
    assert all(sum(estimate_tokens(c.content) for c in b) <= 500 for b in batches)
    assert [len(b) for b in batches] == [4, 4, 2]  # 4 x 124 = 496 tokens fit in 500


def test_batches_respect_the_item_limit():
    assert [len(b) for b in BatchPolicy(max_items=3).split([candidate(f"c-{i}") for i in range(7)])] \
        == [3, 3, 1]


def test_a_candidate_larger_than_the_budget_goes_alone():
    big, small = candidate("c-big", "y" * 8_000), candidate("c-small", "short")
    assert BatchPolicy(budget_tokens=1_000).split([small, big, small]) == [(small,), (big,), (small,)]


def test_context_is_trimmed_to_its_share_of_the_budget():
    beads = [bead(f"b-{i}", "z" * 400) for i in range(10)]
    kept = BatchPolicy(budget_tokens=1_000, context_share=0.5).trim_context(beads)
    assert [b.id for b in kept] == ["b-0", "b-1", "b-2", "b-3"]


def test_a_human_reviews_one_candidate_per_batch():
    assert len(BatchPolicy.one_at_a_time().split([candidate(f"c-{i}") for i in range(3)])) == 3


def test_a_policy_without_budget_is_refused():
    with pytest.raises(ValueError, match="positive"):
        BatchPolicy(budget_tokens=0)
