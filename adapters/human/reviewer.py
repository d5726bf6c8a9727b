from collections.abc import Sequence
from typing import Protocol

from returns.result import Result, Success

from abzu.adapters.human.person import PersonReviewer
from abzu.application.review.ports import ReviewAnswer, ReviewFailure
from abzu.domain.bead import Bead, Candidate
from abzu.domain.quoting import neutralise, one_line, short_line
from abzu.domain.review.model import Proposal, ReviewBatch

CHOICES = {"p": "promote", "e": "edit and promote", "d": "discard", "s": "skip", "q": "quit"}
PREVIEW_CHARS = 200


class Dialogue(Protocol):
    """A conversation with the person reviewing. `show` prints plain text (never markup);
    `choose` returns one of `choices`; both `choose` and `ask` return None when input ends."""

    def show(self, text: str) -> None: ...
    def choose(self, question: str, choices: Sequence[str], default: str) -> str | None: ...
    def ask(self, question: str, default: str) -> str | None: ...


class HumanReviewer(PersonReviewer):
    """Offline review by a person: each candidate is shown with its closest permanent beads, and
    the person promotes, edits and promotes, discards, skips (keeps it staged) or quits. Works
    without any key; a person may promote text that reads like instructions (it is marked)."""

    def __init__(self, dialogue: Dialogue) -> None:
        self._dialogue = dialogue

    def review(self, batch: ReviewBatch) -> Result[ReviewAnswer, ReviewFailure]:
        beads = {b.id: b for b in batch.context}
        proposals: list[Proposal] = []
        for candidate in batch.candidates:
            self._show(candidate, [beads[i] for i in batch.related.get(candidate.id, ())],
                       suspect=candidate.id in batch.suspects)
            proposal = self._decide(candidate)
            if proposal is None:
                return Success(ReviewAnswer(tuple(proposals), stop=True))
            proposals.append(proposal)
        return Success(ReviewAnswer(tuple(proposals)))

    def _decide(self, candidate: Candidate) -> Proposal | None:
        menu = ", ".join(f"[{k}] {v}" for k, v in CHOICES.items())
        match self._dialogue.choose(menu, list(CHOICES), default="s"):
            case "p":
                return Proposal("promote", (candidate.id,), reason="promoted by a person")
            case "e":
                text = self._dialogue.ask("New text (Enter keeps it as it is)", candidate.content)
                return None if text is None else Proposal(
                    "promote", (candidate.id,), content=text, reason="edited by a person"
                )
            case "d":
                reason = self._dialogue.ask("Reason", "not worth keeping")
                return None if reason is None else Proposal("discard", (candidate.id,), reason=reason)
            case "s":
                return Proposal("keep", (candidate.id,), reason="skipped")
            case _:
                return None

    def _show(self, candidate: Candidate, closest: list[Bead], *, suspect: bool) -> None:
        say = self._dialogue.show
        scope = one_line(candidate.project or "global")
        say("")
        say(f"{candidate.id}  {candidate.category.value} · {scope} · staged "
            f"{candidate.created_at:%Y-%m-%d} from {candidate.source.value}")
        if suspect:
            say("WARNING: this text reads like instructions to an AI agent (possible memory "
                "poisoning). Promote it only if you wrote it or trust it.")
        if candidate.summary:
            say(f"  summary: {one_line(candidate.summary)}")
        # Stored text through the one renderer (domain/quoting.py): no terminal escapes, no bidi
        # overrides, no tags.
        for line in neutralise(candidate.content).splitlines() or [""]:
            say(f"  | {line}")
        say("Closest permanent beads:" if closest else "No similar permanent bead.")
        for bead in closest:
            where = one_line(bead.project or "global")
            say(f"  {bead.id} ({bead.category.value}, {where}): {short_line(bead.content, PREVIEW_CHARS)}")
