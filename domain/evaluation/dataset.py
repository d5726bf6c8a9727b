"""A conversational-memory benchmark in LoCoMo's shape: samples of dated sessions of turns, and
questions whose answers are backed by evidence turns."""

from dataclasses import dataclass
from enum import IntEnum


class QuestionCategory(IntEnum):
    MULTI_HOP = 1
    TEMPORAL = 2
    OPEN_DOMAIN = 3
    SINGLE_HOP = 4
    ADVERSARIAL = 5

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")


SCORED_CATEGORIES = (
    QuestionCategory.MULTI_HOP, QuestionCategory.TEMPORAL,
    QuestionCategory.OPEN_DOMAIN, QuestionCategory.SINGLE_HOP,
)


def category_label(category: int) -> str:
    try:
        return QuestionCategory(category).label
    except ValueError:
        return f"category-{category}"


@dataclass(frozen=True, slots=True)
class Turn:
    """One utterance. `dia_id` is canonical (`D3:7`); `session` is its session number."""

    dia_id: str
    session: int
    speaker: str
    text: str
    session_date: str | None = None
    caption: str | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """`evidence` holds the raw ids as written in the data; they are parsed on use."""

    text: str
    category: int
    evidence: tuple[str, ...]
    answer: str | None = None


@dataclass(frozen=True, slots=True)
class Sample:
    sample_id: str
    turns: tuple[Turn, ...]
    questions: tuple[Question, ...]


@dataclass(frozen=True, slots=True)
class Dataset:
    samples: tuple[Sample, ...]
