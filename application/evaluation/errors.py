"""Expected failures of the evaluation, as values with a one-line `message`."""

from dataclasses import dataclass

from abzu.domain.errors import ExpectedFailure


@dataclass(frozen=True, slots=True)
class DatasetUnreadable(ExpectedFailure):
    template = "cannot evaluate on {path}: {reason}"
    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class InvalidCutoffs:
    ks: tuple[int, ...]
    depth: int

    @property
    def message(self) -> str:
        return f"every k must be between 1 and the recall depth {self.depth}, got {list(self.ks)}"


EvalError = DatasetUnreadable | InvalidCutoffs
