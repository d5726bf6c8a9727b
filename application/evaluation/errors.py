"""Expected failures of the evaluation, as values with a one-line `message`."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DatasetUnreadable:
    path: str
    reason: str

    @property
    def message(self) -> str:
        return f"cannot evaluate on {self.path}: {self.reason}"


@dataclass(frozen=True, slots=True)
class InvalidCutoffs:
    ks: tuple[int, ...]
    depth: int

    @property
    def message(self) -> str:
        return f"every k must be between 1 and the recall depth {self.depth}, got {list(self.ks)}"


EvalError = DatasetUnreadable | InvalidCutoffs
