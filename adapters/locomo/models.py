"""The LoCoMo file shape (github.com/snap-research/locomo), validated with pydantic."""

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

SESSION_KEY = re.compile(r"session_(\d+)")


class LocomoTurn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    speaker: str
    dia_id: str
    text: str = ""
    blip_caption: str | None = None


class LocomoQa(BaseModel):
    model_config = ConfigDict(extra="ignore")

    question: str
    category: int
    evidence: list[str] = Field(default_factory=list)
    answer: Any = None

    @field_validator("evidence", mode="before")
    @classmethod
    def _one_string_is_a_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


class LocomoSample(BaseModel):
    model_config = ConfigDict(extra="ignore")

    sample_id: str | int | None = None
    conversation: dict[str, Any]
    qa: list[LocomoQa] = Field(default_factory=list)

    def sessions(self) -> list[tuple[int, str | None, list[Any]]]:
        """(number, date, raw turns) of every `session_<n>` list, in session order."""
        found = []
        for key, value in self.conversation.items():
            numbered = SESSION_KEY.fullmatch(key)
            if numbered and isinstance(value, list):
                date = self.conversation.get(f"{key}_date_time")
                found.append((int(numbered.group(1)), str(date) if date else None, value))
        return sorted(found, key=lambda s: s[0])
