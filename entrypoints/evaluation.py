"""Wiring of `abzu eval`: every sample gets the real composition root on a throw-away data home.

The evaluator itself never opens the user's stores: it only builds sandboxes.
"""

import dataclasses
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from abzu.adapters.locomo.reader import JsonLocomoReader
from abzu.adapters.stopwatch import PerfCounterStopwatch
from abzu.application.evaluation.evaluate_retrieval import EvaluateRetrieval
from abzu.application.evaluation.ports import HybridSandbox, MemorySandboxes, Sandbox
from abzu.application.semantic.embed_memories import EmbedMemories
from abzu.application.semantic.fusion import DEFAULT_DENSE_WEIGHT
from abzu.application.semantic.ports import Embedder
from abzu.domain.decay import DecayPolicy
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from abzu.entrypoints.wiring.dense import vector_recall


@dataclasses.dataclass(frozen=True, slots=True)
class EvalSemantic:
    """`--semantic`: one model for the whole run (loaded once), and the fusion's dense weight."""

    embedder: Embedder
    dense_weight: float = DEFAULT_DENSE_WEIGHT


class ContainerSandboxes(MemorySandboxes):
    """`build_container` on a fresh temporary folder, removed (databases and all) on exit. With
    `team_url` (`--backend team`), each sample's memory lives in its own database on that team
    server instead (created, migrated, dropped), through the same composition root."""

    def __init__(self, settings: Settings, semantic: EvalSemantic | None = None,
                 team_url: str | None = None) -> None:
        self._settings, self._semantic, self._team_url = settings, semantic, team_url

    @contextmanager
    def open(self, name: str) -> Iterator[Sandbox]:
        with tempfile.TemporaryDirectory(prefix="abzu-eval-") as folder, self._backend() as backend:
            home = Path(folder)
            # The product column stays lexical whatever the user's setting: `--semantic` adds
            # the hybrid column beside it.
            sandbox = self._settings.model_copy(update={"home": home, "semantic": False, **backend})
            container = build_container(sandbox, cwd=home)
            try:
                hybrid = self._hybrid(container, sandbox) if self._semantic else None
                yield Sandbox(container.sessions.remember_many(), container.recall_once(), hybrid)
            finally:
                container.shutdown_resources()

    @contextmanager
    def _backend(self) -> Iterator[dict[str, object]]:
        if self._team_url is None:
            yield {}
            return
        from abzu.adapters.postgres.engine import TeamAddress
        from abzu.adapters.postgres.sandbox import sample_database

        with sample_database(TeamAddress.parse(self._team_url), self._settings.team_password) as sample:
            yield {"memory_backend": "team", "team_url": sample.shown()}

    def _hybrid(self, container: Container, settings: Settings) -> HybridSandbox:
        """The product's Recall with the product's dense side, over the sandbox's stores."""
        from abzu.entrypoints.wiring.semantic import vector_stores

        assert self._semantic is not None
        model = self._semantic.embedder
        dense = vector_recall(lambda: model, settings.wisdom_path, settings.staging_path, DecayPolicy())
        recall = container.recall_once().with_dense(dense, self._semantic.dense_weight)
        return HybridSandbox(recall, EmbedMemories(model, vector_stores(container)).execute)


def build_evaluation(
    settings: Settings | None = None, *, semantic: bool = False, dense_weight: float | None = None,
    team_url: str | None = None,
) -> EvaluateRetrieval:
    """With `semantic`, the extra's model is loaded here (SemanticUnavailable if not installed);
    with `team_url`, every sample's memory lives on that team server (`--backend team`)."""
    settings = settings or Settings()
    extra = build_semantic(dense_weight) if semantic else None
    return EvaluateRetrieval(
        reader=JsonLocomoReader(), sandboxes=ContainerSandboxes(settings, extra, team_url),
        stopwatch=PerfCounterStopwatch(), default_floor=settings.relevance_floor,
    )


def build_semantic(dense_weight: float | None = None) -> EvalSemantic:
    """The real model, loaded once; only this function imports the extra's adapters. One
    OpenMP thread, as recall uses: on shared cores more threads contended (issue 12.4)."""
    from abzu.entrypoints.wiring.dense import query_embedder

    weight = DEFAULT_DENSE_WEIGHT if dense_weight is None else dense_weight
    return EvalSemantic(query_embedder(), weight)  # recall's own: queries as recall embeds them
