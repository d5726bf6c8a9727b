"""Deterministic doubles of the semantic ports: no numpy, no model."""

import hashlib
import math
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from abzu.application.semantic.ports import Vector
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope

if TYPE_CHECKING:
    from tests.fake_stores import InMemoryBeads, InMemoryCandidates


# Texts sharing no word meet only by hash collisions: one collision of short texts stays below 0.15.
NOISE = 0.15


class HashingEmbedder:
    """Bag of words hashed into `dim` buckets, L2-normalised: texts sharing words are close,
    the same text always gives the same vector. `synonyms` maps a word onto another before
    hashing, standing in for what a real model knows and a lexical index does not.
    Records what it embedded."""

    def __init__(
        self, dim: int = 64, model_id: str = "hashing-v1", synonyms: dict[str, str] | None = None,
        noise_cosine: float = NOISE,
    ) -> None:
        self._dim, self._id, self._synonyms = dim, model_id, synonyms or {}
        self._noise = noise_cosine
        self.passages_seen: list[str] = []
        self.queries_seen: list[str] = []

    @property
    def model_id(self) -> str:
        return self._id

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def noise_cosine(self) -> float:
        return self._noise

    @property
    def strong_cosine(self) -> float:
        return 1.0  # the same bag of words

    def embed_queries(self, texts: Sequence[str]) -> list[Vector]:
        self.queries_seen.extend(texts)
        return [self._vector(t) for t in texts]

    def embed_passages(self, texts: Sequence[str]) -> list[Vector]:
        self.passages_seen.extend(texts)
        return [self._vector(t) for t in texts]

    def _vector(self, text: str) -> list[float]:
        counts = [0.0] * self._dim
        for raw in re.findall(r"\w+", text.lower()):
            word = self._synonyms.get(raw, raw)
            bucket = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest(), "big")
            counts[bucket % self._dim] += 1.0
        norm = math.sqrt(sum(c * c for c in counts)) or 1.0
        return [c / norm for c in counts]


class FakeDenseRecall:
    """`DenseRecall` over the beads (and, if given, the staged candidates) of a fake unit of
    work, by the hashing embedder: only the ids in `embedded` have a vector (the rest stand for
    memories the background pass has not reached yet). Records the queries it was asked."""

    def __init__(
        self, beads: "InMemoryBeads", embedder: HashingEmbedder, embedded: set[str],
        candidates: "InMemoryCandidates | None" = None,
    ) -> None:
        self._beads, self._embedder, self._embedded = beads, embedder, embedded
        self._candidates = candidates
        self.asked: list[str] = []
        self.expected: list[str] = []

    def expect(self, query: str) -> None:
        self.expected.append(query)

    def nearest(self, query: str, scope: Scope, limit: int, now: datetime) -> list[tuple[SearchHit, float]]:
        self.asked.append(query)
        q = self._embedder.embed_queries([query])[0]
        scored = []
        for item in sorted(self._embedded):
            hit = self._hit(item, now)
            if hit is not None and scope.admits(hit.project):
                v = self._embedder.embed_passages([hit.content])[0]
                scored.append((hit, sum(x * y for x, y in zip(q, v, strict=True))))
        return sorted(scored, key=lambda hc: (-hc[1], hc[0].item_id))[:limit]

    def _hit(self, item: str, now: datetime) -> SearchHit | None:
        if (b := self._beads.rows.get(item)) is not None:
            return SearchHit(b.id, Source.BEAD, b.category, b.project, b.content, b.summary,
                             b.created_at, 1.0, self._beads.decay.weight(b, now=now),
                             b.last_accessed, vouched_by=b.vouched_by) if b.is_live else None
        c = self._candidates.rows.get(item) if self._candidates is not None else None
        if c is None or not c.is_live:
            return None
        return SearchHit(c.id, Source.CANDIDATE, c.category, c.project, c.content, c.summary,
                         c.created_at, 1.0)

    @property
    def noise_cosine(self) -> float:
        return self._embedder.noise_cosine

    @property
    def strong_cosine(self) -> float:
        return self._embedder.strong_cosine

    def embedded(self, ids: Iterable[str]) -> set[str]:
        return {i for i in ids if i in self._embedded}

    def give_vectors(self, ids: Iterable[str]) -> None:
        """What the background pass does: these memories now have a vector."""
        self._embedded.update(ids)
