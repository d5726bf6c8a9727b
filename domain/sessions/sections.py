"""The sections of an injected block (spec §12 tables), written as facts with their sources."""

from collections.abc import Sequence

from abzu.domain.injection import Section, Tier, TierPlan, first_lines
from abzu.domain.quoting import short_line
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.sessions.item import header, item
from abzu.domain.sessions.render import fenced
from abzu.domain.vouching import AGENT

__all__ = ["GATES_TITLE", "PERSONA_TITLE", "gates_section", "header", "memory_item",
           "memory_section", "persona_section", "present", "standing_sections", "state_section"]

GATES_TITLE = "Enforcement gates (from .enki/gates.md):"
PERSONA_TITLE = "Persona (from persona.md in Abzu's data home):"


def standing_sections(
    plan: TierPlan, tier: Tier, *, project: str | None, phase: str | None, goal: str | None,
    gates: str | None, persona: str | None, fence: str,
) -> list[Section]:
    """What every block (session start, after a compaction) carries under its header, in order:
    the project's state, its gates and the persona, each only when it has something to say."""
    return present(
        state_section(plan, tier, project=project, phase=phase, goal=goal),
        gates_section(plan, gates, fence),
        persona_section(plan, persona, fence),
    )


def state_section(
    plan: TierPlan, tier: Tier, *, project: str | None, phase: str | None, goal: str | None
) -> Section:
    """Phase and goal come from the repository's `.enki/` files: neutralised onto one line, so
    they can neither open a tag nor start a line of their own."""
    lines = [f"Project: {short_line(project) or '(unregistered)'} · "
             f"Phase: {short_line(phase) or 'not set'} · Tier: {tier.value}"]
    lines.append(f"Goal (from .enki/goal): {short_line(goal)}" if goal else "Goal: not set")
    return Section("Project state:", plan.state_chars, "\n".join(lines))


def gates_section(plan: TierPlan, gates: str | None, fence: str) -> Section | None:
    if not gates or not gates.strip():
        return None
    text = first_lines(gates, 1) if plan.gates_one_line else gates
    return Section(GATES_TITLE, plan.gates_chars, fenced(text, fence, source=".enki/gates.md"))


def persona_section(plan: TierPlan, persona: str | None, fence: str) -> Section | None:
    if not persona or not persona.strip():
        return None
    text = first_lines(persona, plan.persona_lines) if plan.persona_lines else persona
    return Section(PERSONA_TITLE, plan.persona_chars, fenced(text, fence, source="persona.md"))


def memory_section(hits: Sequence[SearchHit], cap: int, fence: str) -> Section | None:
    if not hits:
        return None
    return Section("Relevant memory (Abzu beads and staged candidates, best match first):", cap,
                   items=tuple(memory_item(h, fence) for h in hits))


def memory_item(hit: SearchHit, fence: str) -> str:
    """A label line (id, category, review state, scope, date) and the preview, fenced."""
    return item(hit.item_id, hit.category.value, hit.summary or hit.content, fence,
                vouched_by=_vouched_by(hit), project=hit.project, stale=hit.stale,
                day=f"{hit.created_at:%Y-%m-%d}", author=hit.author)


def _vouched_by(hit: SearchHit) -> str | None:
    """None for a candidate; a bead that names nobody is the agent's (never shown as reviewed)."""
    if hit.source is Source.CANDIDATE:
        return None
    return hit.vouched_by or AGENT


def present(*sections: Section | None) -> list[Section]:
    return [s for s in sections if s is not None]
