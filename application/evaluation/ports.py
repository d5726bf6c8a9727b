"""Ports of the retrieval evaluation (`abzu eval`)."""

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Protocol

from returns.result import Result

from abzu.application.evaluation.errors import DatasetUnreadable
from abzu.application.recall import Recall
from abzu.application.remember_many import RememberMany
from abzu.domain.evaluation.dataset import Dataset


class DatasetReader(Protocol):
    """Reads a benchmark file. A missing, unreadable or malformed file is a Failure whose
    message says in one line what is wrong and where; nothing is partially returned."""

    def read(self, path: str) -> Result[Dataset, DatasetUnreadable]: ...


@dataclass(frozen=True, slots=True)
class HybridSandbox:
    """The sandbox's recall with semantic search on (the very Recall the CLI and the MCP server
    build), and the pass that embeds what was stored, as the background pass does for a user."""

    recall: Recall
    embed: Callable[[], object]


@dataclass(frozen=True, slots=True)
class Sandbox:
    """A fresh, empty Abzu: the product's own use cases over their own stores. `hybrid` only
    when the evaluation was asked for `--semantic`."""

    remember_many: RememberMany
    recall: Recall
    hybrid: HybridSandbox | None = None


class MemorySandboxes(Protocol):
    """Each `open` gives an empty Abzu in its own temporary data home, never the user's;
    everything in it is deleted when the block ends."""

    def open(self, name: str) -> AbstractContextManager[Sandbox]: ...


class Stopwatch(Protocol):
    """Monotonic seconds for measuring durations (not wall-clock time)."""

    def seconds(self) -> float: ...


class EvalProgress(Protocol):
    """Told how far the evaluation is: one sample at a time, one question at a time."""

    def sample_started(self, sample_id: str, questions: int) -> None: ...
    def question_done(self) -> None: ...
