"""Ports of the optional semantic search. Nothing here needs numpy or a model: the real
adapters live in `abzu.adapters.semantic` and are imported only when the extra is enabled."""

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope

Vector = Sequence[float]


class Embedder(Protocol):
    """Turns text into unit-length vectors of `dim` floats. `model_id` names the model and its
    version: vectors written under another id are stale and must be re-embedded.
    Queries and passages may be embedded differently (e5 prefixes them)."""

    @property
    def model_id(self) -> str: ...

    @property
    def dim(self) -> int: ...

    @property
    def noise_cosine(self) -> float:
        """The cosine unrelated texts reach with this model: a query's nearest passages at or
        below it are noise, however near they rank (e5 puts most text pairs above 0.7).
        Calibrated per model (bench/dense_floor.py)."""
        ...

    @property
    def strong_cosine(self) -> float:
        """The cosine of a strong match, the top of the model's scale in practice (a query and
        the passage that answers it; e5 rarely goes past 0.9). Calibrated with `noise_cosine`."""
        ...

    def embed_queries(self, texts: Sequence[str]) -> list[Vector]: ...

    def embed_passages(self, texts: Sequence[str]) -> list[Vector]: ...


class VectorStore(Protocol):
    """One store's vectors (beads in wisdom.db, candidates in abzu.db). Vectors are a cache of
    the text: `stale` lists live memories with no vector from `model`, or one computed from an
    older text (content hash differs), oldest first."""

    @property
    def name(self) -> str: ...

    def stale(self, model: str, limit: int) -> list[tuple[str, str, str]]:
        """(id, text, content hash) of memories to (re-)embed."""
        ...

    def save(self, model: str, rows: Sequence[tuple[str, str, Vector]]) -> None:
        """(id, content hash, vector) rows, replacing any older vector of the same id."""
        ...

    def coverage(self, model: str) -> tuple[int, int]:
        """(live memories with a current vector from `model`, live memories)."""
        ...


class DenseRecall(Protocol):
    """The dense side of recall, over the vectors `abzu embed` (or the background pass) stored.
    The model is loaded on first use, once per process."""

    def expect(self, query: str) -> None:
        """`query` is about to be asked: the adapter may start embedding it now, so the model
        runs while recall does its lexical search. Returns at once; never raises."""
        ...

    def nearest(self, query: str, scope: Scope, limit: int, now: datetime) -> list[tuple[SearchHit, float]]:
        """Live memories in `scope` closest to `query`, best first, with their cosine."""
        ...

    def embedded(self, ids: Iterable[str]) -> set[str]:
        """Which of `ids` have a current vector (the others are ranked lexically only)."""
        ...

    @property
    def noise_cosine(self) -> float:
        """The model's `Embedder.noise_cosine` (read after `nearest`: the model is loaded then)."""
        ...

    @property
    def strong_cosine(self) -> float:
        """The model's `Embedder.strong_cosine` (read after `nearest`, likewise)."""
        ...
