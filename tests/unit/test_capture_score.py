"""Scoring of `abzu eval capture`: recall over labelled items, precision over candidates."""

from abzu.domain.evaluation.capture import Captured, LabelledItem, score

TAILWIND = LabelledItem("tailwind", (("tailwind", "v4"), ("tailwind", "^4")))
BUILD = LabelledItem("build", (("generate is not a function",),))


def test_an_item_needs_every_keyword_of_one_set_case_insensitively() -> None:
    assert TAILWIND.matched_by("Tailwind CSS: ^4 (upgraded from v3)")
    assert TAILWIND.matched_by("uses TAILWIND V4")
    assert not TAILWIND.matched_by("Tailwind v3 config")


def test_recall_precision_and_candidates_per_session() -> None:
    result = score(
        {"a.jsonl": [TAILWIND, BUILD], "b.jsonl": []},
        {"a.jsonl": ["Tailwind v4", "Tailwind ^4 too", "ran ls"], "b.jsonl": ["noise"]},
    )
    assert (result.recall, result.precision, result.candidates_per_session) == (0.5, 0.5, 2.0)
    a, b = result.transcripts
    assert (a.matched, a.missed, a.stray, b.stray) == (("tailwind",), ("build",), ("ran ls",), ("noise",))


def test_nothing_labelled_and_nothing_staged_scores_zero_not_an_error() -> None:
    result = score({"a.jsonl": []}, {})
    assert (result.recall, result.precision, result.candidates_per_session) == (0.0, 0.0, 0.0)


def test_recall_counts_under_the_item_category_and_precision_under_the_candidate_category() -> None:
    fix = LabelledItem("build", (("generate is not a function",),), "fix")
    result = score(
        {"a.jsonl": [TAILWIND, fix]},
        {"a.jsonl": [Captured("learning", "Fixed: generate is not a function"),
                     Captured("decision", "we will look at the code next")]},
    )
    categories = result.by_category()
    assert (categories["fix"].items, categories["fix"].matched, categories["fix"].candidates) == (1, 1, 0)
    assert (categories["learning"].candidates, categories["learning"].precision) == (1, 1.0)
    assert (categories["decision"].candidates, categories["decision"].precision) == (1, 0.0)
    assert categories["unlabelled"].recall == 0.0  # TAILWIND carries no category


def test_a_half_of_a_split_corpus_is_scored_on_its_own_transcripts() -> None:
    result = score({"a.jsonl": [TAILWIND], "b.jsonl": [BUILD]}, {"a.jsonl": ["Tailwind v4"]})
    halves = (result.only(["a.jsonl"]).recall, result.only(["b.jsonl"]).recall, result.recall)
    assert halves == (1.0, 0.0, 0.5)
