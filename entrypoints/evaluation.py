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
from abzu.entrypoints.container import build_container
from abzu.entrypoints.settings import Settings


class ContainerSandboxes(MemorySandboxes):
    """`build_container` on a fresh temporary folder, removed (databases and all) on exit."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings

    @contextmanager
    def open(self, name: str) -> Iterator[Sandbox]:
        with tempfile.TemporaryDirectory(prefix="abzu-eval-") as folder:
            home = Path(folder)
            container = build_container(self._settings.model_copy(update={"home": home}), cwd=home)
            try:
                yield Sandbox(container.remember_many(), container.recall_once())
            finally:
                container.shutdown_resources()


def build_evaluation(settings: Settings | None = None) -> EvaluateRetrieval:
    settings = settings or Settings()
    return EvaluateRetrieval(
        reader=JsonLocomoReader(), sandboxes=ContainerSandboxes(settings),
        stopwatch=PerfCounterStopwatch(), default_floor=settings.relevance_floor,
    )
