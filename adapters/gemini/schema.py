"""The JSON Gemini must answer with: a permissive schema to send, a strict twin to accept.

`extra="forbid"` stays off the sent schema (the Developer API does not support
additionalProperties); the strict twin enforces it locally, with strict types (an id sent as a
number, an unknown action, a missing field: the whole answer is rejected).
"""

from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from abzu.domain.review.model import Proposal

ActionName = Literal["promote", "consolidate", "discard", "flag", "keep"]
CategoryName = Literal["decision", "learning", "pattern", "fix", "preference"]
MAX_DECISIONS = 500


class StrictModel(BaseModel):
    """The twin Abzu accepts of a model it sends (the reviewer's here, the distiller's)."""

    model_config = ConfigDict(extra="forbid", strict=True)


Strict = TypeVar("Strict", bound=StrictModel)


def checked(model: type[Strict], text: str) -> Strict | str:
    """The answer as the strict twin, or in one line why not ("decisions.0.action: …")."""
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "answer"
        return f"{where}: {first['msg']}"


class GeminiDecision(BaseModel):
    action: ActionName = Field(description="promote | consolidate | discard | flag | keep")
    candidate_ids: list[str] = Field(description="Ids of staged candidates this decision is about.")
    bead_ids: list[str] = Field(description="Ids of existing beads (consolidate or flag only).")
    content: str | None = Field(
        description="promote: optional clearer text; consolidate: the merged text, keeping every fact."
    )
    category: CategoryName | None = Field(description="Corrected category, or null to keep it.")
    reason: str = Field(description="One short sentence: why.")


class GeminiReview(BaseModel):
    decisions: list[GeminiDecision]


class StrictDecision(StrictModel):
    action: ActionName
    candidate_ids: list[str] = Field(default_factory=list, max_length=100)
    bead_ids: list[str] = Field(default_factory=list, max_length=100)
    content: str | None = Field(default=None, max_length=20_000)
    category: CategoryName | None = None
    reason: str = Field(default="", max_length=2_000)

    def to_proposal(self) -> Proposal:
        return Proposal(self.action, tuple(self.candidate_ids), tuple(self.bead_ids), self.content,
                        self.category, self.reason)


class StrictReview(StrictModel):
    decisions: list[StrictDecision] = Field(max_length=MAX_DECISIONS)
