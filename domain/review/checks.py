"""Per-proposal rules of the review sandbox: each proposal becomes a Decision or a Rejection."""

from dataclasses import dataclass, field

from returns.result import Success

from abzu.domain.category import Category
from abzu.domain.poisoning import INSTRUCTION_LIKE, looks_like_instructions
from abzu.domain.review.model import (
    Action,
    Consolidate,
    Decision,
    Discard,
    Flag,
    Keep,
    Promote,
    Proposal,
    Rejection,
    ReviewBatch,
)

DELETION_WORDS = frozenset({"delete", "remove", "purge", "forget", "drop", "erase", "destroy"})
_ACTIONS = frozenset(a.value for a in Action)


@dataclass(frozen=True, slots=True)
class Checks:
    batch: ReviewBatch
    human: bool
    min_merge_ratio: float = 0.5
    _texts: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        texts = {c.id: c.content for c in self.batch.candidates}
        texts.update({b.id: b.content for b in self.batch.context})
        object.__setattr__(self, "_texts", texts)

    def check(self, p: Proposal) -> Decision | Rejection:
        action = p.action.strip().lower()
        if action in DELETION_WORDS:
            return Rejection("no-deletion", "deletion is not an action: only a flag removes a bead",
                             p.ids)
        if action not in _ACTIONS:
            return Rejection("unknown-action", f"{p.action[:40]!r} is not one of {sorted(_ACTIONS)}",
                             p.ids)
        unknown = tuple(i for i in p.ids if i not in self._texts)
        if unknown:
            return Rejection("unknown-id", "ids that were not in the batch", unknown)
        if not p.ids:
            return Rejection("no-ids", f"{action} names no item")
        return self._by_action(Action(action), p)

    def _by_action(self, action: Action, p: Proposal) -> Decision | Rejection:
        match action:
            case Action.PROMOTE:
                return self._promote(p)
            case Action.CONSOLIDATE:
                return self._consolidate(p)
            case Action.FLAG:
                return self._flag(p)
            case _:
                return self._one_candidate(action, p)

    def _single_candidate(self, p: Proposal, action: str) -> str | Rejection:
        if len(p.ids) != 1 or p.ids[0] not in self.batch.candidate_ids:
            return Rejection(f"{action}-one-candidate", f"{action} names exactly one staged candidate",
                             p.ids)
        return p.ids[0]

    def _one_candidate(self, action: Action, p: Proposal) -> Decision | Rejection:
        cid = self._single_candidate(p, action.value)
        if isinstance(cid, Rejection):
            return cid
        if action is Action.DISCARD:
            return Discard(cid, p.reason.strip() or "no reason given")
        return Keep(cid, p.reason.strip())

    def _promote(self, p: Proposal) -> Decision | Rejection:
        cid = self._single_candidate(p, "promote")
        if isinstance(cid, Rejection):
            return cid
        content = (p.content or "").strip() or None
        category = self._model_category(p)
        if isinstance(category, Rejection):
            return category
        poisoned = self._poisoned((cid,), content)
        return poisoned or Promote(cid, content, category, p.reason.strip())

    def _consolidate(self, p: Proposal) -> Decision | Rejection:
        if len(set(p.ids)) < 2:
            return Rejection("merge-too-few", "consolidation needs at least 2 distinct sources", p.ids)
        content = (p.content or "").strip()
        shortest = min(len(self._texts[i]) for i in p.ids)
        if len(content) < self.min_merge_ratio * shortest:
            return Rejection("merge-too-short", f"merged text has {len(content)} characters, less "
                             f"than half of the shortest source ({shortest})", p.ids)
        category = self._model_category(p)
        if isinstance(category, Rejection):
            return category
        if not self.human and category is None and Category.PREFERENCE in self._categories(p.ids):
            return _escalation(p.ids)  # the merge would take the sources' usual category
        candidates = tuple(i for i in dict.fromkeys(p.ids) if i in self.batch.candidate_ids)
        beads = tuple(i for i in dict.fromkeys(p.ids) if i in self.batch.bead_ids)
        return self._poisoned(candidates, content) or Consolidate(
            candidates, beads, content, category, p.reason.strip()
        )

    def _model_category(self, p: Proposal) -> Category | Rejection | None:
        """The proposal's category; preference is a user write path (spec §11), so a model may
        neither set a category to preference nor merge anything into a user's preference."""
        category = _category(p.category)
        if self.human or category is not Category.PREFERENCE:
            return category
        return _escalation(p.ids)

    def _categories(self, ids: tuple[str, ...]) -> set[Category]:
        found = {c.id: c.category for c in self.batch.candidates}
        found.update({b.id: b.category for b in self.batch.context})
        return {found[i] for i in ids if i in found}

    def _flag(self, p: Proposal) -> Decision | Rejection:
        if len(p.ids) != 1 or p.ids[0] not in self.batch.bead_ids:
            return Rejection("flag-not-a-bead", "a flag names exactly one existing wisdom bead", p.ids)
        starred = {b.id for b in self.batch.context if b.starred}
        if p.ids[0] in starred:
            return Rejection("flag-starred", "a starred bead is pinned by the user", p.ids)
        if not p.reason.strip():
            return Rejection("flag-no-reason", "a flag must say why the bead should go", p.ids)
        return Flag(p.ids[0], p.reason.strip())

    def _poisoned(self, candidate_ids: tuple[str, ...], content: str | None) -> Rejection | None:
        if self.human:
            return None
        suspects = tuple(i for i in candidate_ids if i in self.batch.suspects)
        if suspects or (content is not None and looks_like_instructions(content)):
            return Rejection(INSTRUCTION_LIKE, "text reads like instructions to an agent; "
                             "only a human may promote it", suspects or candidate_ids)
        return None


NO_ESCALATION = "no-preference"


def _escalation(ids: tuple[str, ...]) -> Rejection:
    return Rejection(NO_ESCALATION, "only the user writes preferences: a reviewer may not make or "
                     "merge into one", ids)


def _category(raw: str | None) -> Category | Rejection | None:
    if raw is None or not raw.strip():
        return None
    match Category.parse(raw):
        case Success(Category() as category):
            return category
        case _:
            return Rejection("bad-category", f"unknown category {raw[:30]!r}")
