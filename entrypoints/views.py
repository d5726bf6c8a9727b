"""What the front doors show: pydantic models built from use-case results (CLI --json, MCP).
Recall's are plain dataclasses: recall_views.py."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from abzu.application.remember import Remembered
from abzu.application.status import MemoryStatus
from abzu.domain.bead import Bead
from abzu.entrypoints.recall_views import CategoryName


class RememberView(BaseModel):
    id: str = Field(description="Id of the stored (or already existing) memory.")
    destination: Literal["wisdom", "staging"]
    outcome: Literal["stored", "skipped-duplicate", "superseded"]
    project: str | None = Field(description="Project the memory belongs to; null = global.")
    superseded_id: str | None = None
    redactions: int = Field(0, description="Secrets replaced by [REDACTED:…] markers.")

    @classmethod
    def of(cls, r: Remembered) -> "RememberView":
        return cls(
            id=r.id, destination=r.destination.value, outcome=r.outcome.value,
            project=r.project, superseded_id=r.superseded_id, redactions=r.redactions,
        )


class BeadView(BaseModel):
    id: str
    category: CategoryName
    project: str | None
    starred: bool
    weight: float
    content: str

    @classmethod
    def of(cls, bead: Bead) -> "BeadView":
        return cls(id=bead.id, category=bead.category.value, project=bead.project,
                   starred=bead.starred, weight=bead.weight, content=bead.content)


class StoreView(BaseModel):
    name: str
    path: str
    size_bytes: int


class SessionsView(BaseModel):
    captured: int = Field(description="Claude Code sessions finalised at SessionEnd.")
    recovered: int = Field(description="Sessions finalised by crash recovery at a later start.")
    pending: int = Field(description="Sessions seen by a hook and not finalised yet.")
    spooled: int = Field(description="Hook journal entries not yet ingested into abzu.db.")
    distilled: int = Field(default=0, description="Distillations after the heuristics that answered.")
    distill_failed: int = Field(default=0, description="Distillations that failed or timed out.")
    distill_skipped: int = Field(default=0, description="Distillations skipped: off or over the daily cap.")
    distillation: str = Field(default="off", description="Whether distillation runs after the heuristics: "
                                                           "'on (claude-code)', 'on (gemini)', 'off', or "
                                                           "'auto: claude not found'.")
    missed: int = Field(default=0, description="Transcripts on disk (claude_projects) that no capture "
                                               "covered; the next recover imports them.")
    capped: int = Field(default=0, description="Pending sessions over the per-session candidate cap: "
                                               "the next recovery mines the rest.")


class ReviewStateView(BaseModel):
    due: str | None = Field(description="Why a review is due now; null when none is.")
    spent_tokens_this_month: int
    spent_usd_this_month: float = Field(description="Estimated from the review log's token counts.")
    ceiling_tokens: int | None = Field(description="Monthly token ceiling; null: none.")
    ceiling_usd: float | None = Field(description="Monthly cost ceiling; null: none.")


class SemanticView(BaseModel):
    model: str | None = Field(description="The embedding model; null: the extra is not installed.")
    embedded: int = Field(description="Live memories with a vector of this model (hybrid recall).")
    total: int = Field(description="Live memories; the rest are found by full-text search only.")


class StatusView(BaseModel):
    beads: int
    beads_by_category: dict[str, int]
    beads_by_project: dict[str, int] = Field(description="'(global)' for beads without project.")
    staged: int
    staged_by_project: dict[str, int]
    starred: int
    flagged_for_deletion: int
    superseded: int
    weights: dict[str, int] = Field(description="How many live beads carry each decay weight.")
    last_review_at: datetime | None
    stores: list[StoreView]
    sessions: SessionsView | None = None
    review: ReviewStateView | None = None
    semantic: SemanticView | None = Field(default=None, description="Null while semantic search is off.")

    @classmethod
    def of(cls, s: MemoryStatus) -> "StatusView":
        weights = {f"{w:.1f}": s.beads.weights.get(w, 0) for w in (1.0, 0.5, 0.2, 0.1)}
        return cls(
            beads=s.bead_count, beads_by_category=s.beads.by_category,
            beads_by_project=_named(s.beads.by_project), staged=s.staged_count,
            staged_by_project=_named(s.staged_by_project), starred=s.beads.starred,
            flagged_for_deletion=s.beads.flagged, superseded=s.beads.superseded,
            weights=weights, last_review_at=s.last_review_at,
            stores=[StoreView(name=f.name, path=f.path, size_bytes=f.size_bytes)
                    for f in s.stores],
        )


def _named(counts: dict[str | None, int]) -> dict[str, int]:
    return {(k if k is not None else "(global)"): v for k, v in counts.items()}
