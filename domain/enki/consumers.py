"""Who may do what through Abzu's doors (spec §13, "Direct Abzu Consumers").

- agent: a coding agent in Claude Code; today's rights, every tool (the default).
- pm: reads beads and staging; writes nothing (its outputs live in em.db and Yggdrasil).
- em: reads beads and staging; writes bead candidates, never permanent memory directly
  (a preference would skip review, a star changes a reviewed bead).
- uru: reads workflow state for gate checks only: memory status, not memory contents.
Enforced where the call arrives, never left to the caller's good manners.
"""

from dataclasses import dataclass
from enum import StrEnum

from abzu.domain.category import Category
from abzu.domain.errors import ExpectedFailure


class Consumer(StrEnum):
    AGENT = "agent"
    PM = "pm"
    EM = "em"
    URU = "uru"


class Action(StrEnum):
    RECALL = "recall"
    REMEMBER = "remember"
    STAR = "star"
    STATUS = "status"


RIGHTS: dict[Consumer, frozenset[Action]] = {
    Consumer.AGENT: frozenset(Action),
    Consumer.PM: frozenset({Action.RECALL, Action.STATUS}),
    Consumer.EM: frozenset({Action.RECALL, Action.STATUS, Action.REMEMBER}),
    Consumer.URU: frozenset({Action.STATUS}),
}
_WHY = {
    Consumer.PM: "PM reads memory and writes nothing",
    Consumer.EM: "EM may only stage candidates for review",
    Consumer.URU: "Uru reads workflow state (status) only",
}


@dataclass(frozen=True, slots=True)
class Refused(ExpectedFailure):
    template = "{action.value} is not allowed for consumer '{consumer.value}': {detail}"
    consumer: Consumer
    action: Action
    detail: str


def refusal(consumer: Consumer, action: Action, category: str | None = None) -> Refused | None:
    """None when `consumer` may do `action` (with `category`, for a remember); else why not."""
    if action not in RIGHTS[consumer]:
        return Refused(consumer, action, _WHY.get(consumer, "not permitted"))
    if consumer is Consumer.EM and action is Action.REMEMBER and _is_preference(category):
        return Refused(consumer, action, "a preference skips review; EM may only stage candidates")
    return None


def _is_preference(category: str | None) -> bool:
    return (category or "").strip().lower() == Category.PREFERENCE.value


def parse_consumer(value: str) -> Consumer | None:
    try:
        return Consumer(value.strip().lower())
    except ValueError:
        return None
