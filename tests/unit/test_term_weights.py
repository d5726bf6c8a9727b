"""Issue 29.2, the scoring rule: a query word that matches nothing must not push matches below the
floor, and a word held by most rows of a small staging table still counts as a match."""

import pytest

from abzu.adapters.sqlite.fts import BM25_K1, SearchPlan, _idf, plan_search
from abzu.domain.term_weights import TermCounts, shared_weights

TERMS = ["refresh", "token", "rotation"]
BEADS = TermCounts((1, 1, 1), 4)  # one preference of four beads holds the three words
STAGED = TermCounts((3, 3, 3), 3)  # every staged row holds them: FTS5 floors their IDF there


def present(plan: SearchPlan | None) -> SearchPlan:
    assert plan is not None
    return plan


def ideal_share(counts: TermCounts, terms: list[str], tables: list[TermCounts]) -> float:
    """What a row holding each matched term once at the table's average length would cover
    of the query (BM25's term share is then exactly 1, of at most k1 + 1)."""
    plan = plan_search(terms, counts, shared_weights(tables))
    assert plan is not None and plan.window is None
    matched = sum(k * _idf(counts.counts[terms.index(p.strip('"'))], counts.total)
                  for p, k in zip(plan.phrases, plan.factors, strict=True))
    return matched / plan.ceiling


def test_a_word_no_store_holds_weighs_nothing() -> None:
    weights = shared_weights([TermCounts((1, 0), 4), TermCounts((3, 0), 3)])
    assert weights[0] > 0 and weights[1] == 0.0


def test_a_word_held_by_most_rows_weighs_little_but_not_nothing() -> None:
    common, rare = shared_weights([TermCounts((6, 1), 7)])
    assert 0 < common < rare
    assert common > 1e-3  # FTS5's own IDF for it would be its floor, 1e-6


def test_the_weights_are_those_of_all_the_stores_together() -> None:
    assert shared_weights([BEADS, STAGED]) == shared_weights([TermCounts((4, 4, 4), 7)])


@pytest.mark.parametrize("extra", [[], ["auth"], ["auth", "api"]])
def test_a_word_that_matches_nothing_leaves_every_share_as_it_was(extra: list[str]) -> None:
    terms = TERMS + extra
    tables = [TermCounts((*t.counts, *[0] * len(extra)), t.total) for t in (BEADS, STAGED)]
    assert ideal_share(tables[1], terms, tables) == pytest.approx(1 / (BM25_K1 + 1))
    assert ideal_share(tables[0], terms, tables) == pytest.approx(1 / (BM25_K1 + 1))


def test_each_ranked_word_weighs_its_shared_weight_whatever_fts5s_idf_for_it() -> None:
    # "auth" is in 1 of 5 staged rows, the other three words in 3: FTS5's IDF gives those 1e-6
    # against 0.85 for "auth"; weighed by those, the staged rotation notes covered nothing.
    terms = [*TERMS, "auth"]
    staged, beads = TermCounts((3, 3, 3, 1), 5), TermCounts((1, 1, 1, 0), 4)
    weights = shared_weights([beads, staged])
    plan = plan_search(terms, staged, weights)
    assert plan is not None and len(plan.phrases) == 4
    for phrase, factor in zip(plan.phrases, plan.factors, strict=True):
        i = terms.index(phrase.strip('"'))
        assert factor * _idf(staged.counts[i], staged.total) == pytest.approx(weights[i])
    assert min(weights) > max(weights) / 3  # the common words still weigh
    # one ideal in both tables: a staged row holding the three words covers what a bead does
    assert plan.ceiling == pytest.approx(present(plan_search(terms, beads, weights)).ceiling)


def test_a_word_too_common_to_rank_here_counts_for_nothing_here() -> None:
    counts = TermCounts((600, 2), 10_000)
    plan = plan_search(["common", "rare"], counts)
    assert plan is not None and plan.phrases == ('"rare"',)
    assert plan.ceiling == pytest.approx(shared_weights([counts])[1] * (BM25_K1 + 1))
