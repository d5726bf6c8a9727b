"""Query vectors for hybrid recall: embedded on one background thread, the last few kept."""

import threading
from collections.abc import Sequence

import pytest

from abzu.adapters.semantic.query_vectors import QueryVectors
from abzu.application.semantic.ports import Vector
from tests.semantic_fakes import HashingEmbedder


class GatedEmbedder(HashingEmbedder):
    """Embeds only once `gate` is open; records the thread that ran the model."""

    def __init__(self) -> None:
        super().__init__()
        self.gate, self.threads = threading.Event(), list[str]()

    def embed_queries(self, texts: Sequence[str]) -> list[Vector]:
        assert self.gate.wait(timeout=30)
        self.threads.append(threading.current_thread().name)
        return super().embed_queries(texts)


def test_start_returns_while_the_model_runs_and_get_collects_its_vector() -> None:
    model = GatedEmbedder()
    vectors = QueryVectors(lambda: model)
    vectors.start("wal mode")  # would hang here if the embedding ran on this thread
    assert model.queries_seen == []
    model.gate.set()
    assert vectors.get("wal mode") == HashingEmbedder().embed_queries(["wal mode"])[0]
    assert model.threads[0].startswith("abzu-embed")


def test_without_an_idle_core_the_query_is_embedded_on_the_callers_thread_when_collected() -> None:
    model = HashingEmbedder()
    asked = list[bool]()

    def busy() -> bool:
        asked.append(False)
        return False

    vectors = QueryVectors(lambda: model, overlap=busy)
    vectors.start("wal mode")
    assert model.queries_seen == []  # nothing handed to a worker
    assert vectors.get("wal mode") == HashingEmbedder().embed_queries(["wal mode"])[0]
    assert model.queries_seen == ["wal mode"]
    vectors.start("wal mode")  # known now: neither embedded again nor asked about the cores
    vectors.get("wal mode")
    assert model.queries_seen == ["wal mode"] and len(asked) == 1


def test_collected_without_start_the_query_is_embedded_on_the_callers_thread() -> None:
    model = GatedEmbedder()
    model.gate.set()
    vectors = QueryVectors(lambda: model)
    vectors.get("wal mode")
    assert model.threads == [threading.current_thread().name]


def test_a_repeated_query_is_embedded_once() -> None:
    model = HashingEmbedder()
    vectors = QueryVectors(lambda: model)
    first = vectors.get("wal mode")
    assert vectors.get("wal mode") == first
    assert model.queries_seen == ["wal mode"]


def test_only_the_last_few_queries_are_kept() -> None:
    model = HashingEmbedder()
    vectors = QueryVectors(lambda: model, keep=2)
    for query in ("a", "b", "c", "a"):
        vectors.get(query)
    assert model.queries_seen == ["a", "b", "c", "a"]


class FailingOnce(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.failed = False

    def embed_queries(self, texts: Sequence[str]) -> list[Vector]:
        if not self.failed:
            self.failed = True
            raise OSError("model file truncated")
        return super().embed_queries(texts)


def test_a_failed_embedding_is_raised_to_the_caller_and_tried_again_next_time() -> None:
    vectors = QueryVectors(FailingOnce)
    with pytest.raises(OSError, match="truncated"):
        vectors.get("wal mode")
    assert len(vectors.get("wal mode")) == 64


def test_a_long_query_is_embedded_by_its_first_words_only() -> None:
    model = HashingEmbedder()
    words = [f"w{i}" for i in range(200)]
    QueryVectors(lambda: model).get(" ".join(words))
    assert model.queries_seen == [" ".join(words[:32])]
