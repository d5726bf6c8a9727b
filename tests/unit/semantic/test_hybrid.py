from abzu.application.semantic.hybrid import Semantic
from tests.semantic_fakes import HashingEmbedder, ListDenseIndexes

TURNS = [
    ("t1", "Ana adopted a greyhound named Pixel"),
    ("t2", "Ben bought a red Volvo last spring"),
    ("t3", "Ana went hiking in the mountains"),
]


def test_dense_search_adds_a_memory_the_lexical_list_missed_below_the_lexical_match() -> None:
    semantic = Semantic(HashingEmbedder(), ListDenseIndexes())
    index = semantic.index(TURNS)
    ranked = semantic.rank(index, "Volvo car Ben bought", lexical=[("t3", 1.0)], limit=2)
    assert ranked == ["t3", "t2"]  # t3: 0.7 * 1 + 0.3 * (its dense score); t2: 0.3 * 1


def test_a_dense_favourite_overtakes_a_weaker_lexical_one() -> None:
    semantic = Semantic(HashingEmbedder(), ListDenseIndexes(), dense_weight=0.5)
    index = semantic.index(TURNS)
    lexical = [("t3", 2.0), ("t1", 1.9), ("t2", 1.8), ("t9", 0.0)]
    assert semantic.rank(index, "red Volvo bought", lexical, limit=1) == ["t2"]


def test_with_dense_weight_zero_the_lexical_order_wins() -> None:
    semantic = Semantic(HashingEmbedder(), ListDenseIndexes(), dense_weight=0.0)
    index = semantic.index(TURNS)
    assert semantic.rank(index, "Volvo", lexical=[("t3", 2.0), ("t1", 1.0)], limit=2) == ["t3", "t1"]


def test_passages_are_embedded_once_and_each_query_once() -> None:
    embedder = HashingEmbedder()
    semantic = Semantic(embedder, ListDenseIndexes())
    index = semantic.index(TURNS)
    semantic.rank(index, "greyhound", [], 3)
    assert len(embedder.passages_seen) == 3
    assert embedder.queries_seen == ["greyhound"]


def test_the_hashing_fake_is_deterministic_and_unit_length() -> None:
    first = HashingEmbedder().embed_passages(["same words"])
    again = HashingEmbedder().embed_passages(["same words"])
    assert first == again
    assert abs(sum(x * x for x in first[0]) - 1.0) < 1e-9
