"""Use case: `abzu embed` — embed every live memory that has no current vector (issue 12.4).

Runs in the background pass or on demand, never inside a hook (a model load is ~1 s). Batches
are committed one at a time, so an interrupted run keeps what it did and the next one resumes.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from abzu.application.semantic.ports import Embedder, VectorStore

BATCH = 64


@dataclass(frozen=True, slots=True)
class Coverage:
    store: str
    embedded: int
    total: int


@dataclass(frozen=True, slots=True)
class EmbedMemories:
    embedder: Embedder
    stores: Sequence[VectorStore]

    def execute(self, on_batch: Callable[[int], None] = lambda n: None) -> list[Coverage]:
        """Embeds what is stale in every store, then reports each store's coverage."""
        model = self.embedder.model_id
        for store in self.stores:
            while batch := store.stale(model, BATCH):
                vectors = self.embedder.embed_passages([text for _, text, _ in batch])
                store.save(model, [(i, h, v) for (i, _, h), v in zip(batch, vectors, strict=True)])
                on_batch(len(batch))
        return self.coverage()

    def coverage(self) -> list[Coverage]:
        model = self.embedder.model_id
        return [Coverage(s.name, *s.coverage(model)) for s in self.stores]
