"""Query embeddings for hybrid recall, on one background thread.

Recall asks for the query's vector (`start`) before its lexical search and collects it
(`get`) after: the model runs in C without the GIL, so on two cores the ~20 ms embedding
overlaps the full-text search instead of adding to it. One worker thread, so the model is never
run by two threads at once. The last few vectors are kept: an agent often repeats a query
(the latency bench asks distinct queries, so it never profits from this).

The overlap pays only when a core is idle: on a machine whose cores are all busy the two
threads merely take turns, and each hand-over (submit, then the caller woken for the result)
waits for a scheduler slot. So `start` asks `overlap` first (query_threads.spare_core: is a core
idle right now?), and when none is, `get` embeds on the caller's own thread instead (measured
at load ~19 on two cores: p50 219 vs 256 ms in process, 60 queries each, alternating).
"""

import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from abzu.application.semantic.ports import Embedder, Vector

KEEP = 64  # recent query vectors (384 floats each)
# The model's cost grows with the tokens (~3 ms CPU each on the loaded bench machine: 8 tokens
# 24 ms, 32 tokens 80 ms, 108 tokens 270 ms), so a pasted paragraph would cost a second. Queries
# are cut to their first words; the dev split's longest question has 22, so none is cut there.
MAX_QUERY_WORDS = 32


class QueryVectors:
    def __init__(
        self, load: Callable[[], Embedder], keep: int = KEEP, overlap: Callable[[], bool] = lambda: True,
    ) -> None:
        self._load, self._keep, self._overlap = load, keep, overlap
        self._lock = threading.Lock()
        self._model_lock = threading.Lock()  # the model runs for one query at a time, whichever thread
        self._embedder: Embedder | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._pending: dict[str, Future[Vector]] = {}
        self._done: OrderedDict[str, Vector] = OrderedDict()

    def embedder(self) -> Embedder:
        """The model, loaded on first use (on the worker thread when `start` came first)."""
        with self._lock:
            if self._embedder is None:
                self._embedder = self._load()
            return self._embedder

    def start(self, query: str) -> None:
        """Begins embedding `query` unless it is known or under way, or no core is idle (then
        `get` embeds it); returns at once."""
        with self._lock:
            if query in self._done or query in self._pending or not self._overlap():
                return
            if len(self._pending) >= self._keep:  # asked for and never collected
                self._pending.clear()
            if self._pool is None:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="abzu-embed")
            self._pending[query] = self._pool.submit(self._embed, query)

    def get(self, query: str) -> Vector:
        """The query's vector: kept, waited for, or embedded here when `start` left it (a failure
        of the model is raised here)."""
        with self._lock:
            if (kept := self._done.get(query)) is not None:
                self._done.move_to_end(query)
                return kept
            future = self._pending.get(query)
        if future is not None:
            return self._collect(query, future)
        return self._kept(query, self._embed(query))

    def _collect(self, query: str, future: "Future[Vector]") -> Vector:
        try:
            vector = future.result()
        finally:  # a failed embedding is not kept: the next recall tries again
            with self._lock:
                self._pending.pop(query, None)
        return self._kept(query, vector)

    def _kept(self, query: str, vector: Vector) -> Vector:
        with self._lock:
            self._done[query] = vector
            while len(self._done) > self._keep:
                self._done.popitem(last=False)
        return vector

    def _embed(self, query: str) -> Vector:
        model = self.embedder()
        with self._model_lock:
            return model.embed_queries([" ".join(query.split()[:MAX_QUERY_WORDS])])[0]
