"""A benchmark turn as a user would remember it, and the way back from memories to turns."""

from collections.abc import Iterable, Sequence

from returns.result import Success

from abzu.application.remember_io import Remembered, RememberRequest
from abzu.application.remember_many import RememberedMany
from abzu.domain.bead import CandidateSource
from abzu.domain.dedup import DedupOutcome
from abzu.domain.evaluation.dataset import Turn

# Conversation facts are ordinary knowledge: staged for review, like most of what agents remember.
TURN_CATEGORY = "learning"
NEIGHBOURS = 2  # turns on each side stored as a turn's context (tuned on the dev split)


def memory_text(turn: Turn) -> str:
    """`Caroline (1:56 pm on 8 May, 2023): I went to ...`, plus the caption of a shared photo."""
    when = f" ({turn.session_date})" if turn.session_date else ""
    photo = f" [shares a photo: {turn.caption}]" if turn.caption else ""
    return f"{turn.speaker}{when}: {turn.text}{photo}"


def remember_request(turn: Turn, project: str, context: str | None = None) -> RememberRequest:
    return RememberRequest(
        memory_text(turn), TURN_CATEGORY, project=project, source=CandidateSource.MANUAL,
        session_id=f"session_{turn.session}", context=context,
    )


def turn_contexts(turns: Sequence[Turn]) -> list[str]:
    """Each turn's context: the turns around it in its session, as a memory mined from a
    transcript carries the exchange it came from (the question it answers, the reply)."""
    contexts = []
    for i, turn in enumerate(turns):
        around = [*turns[max(0, i - NEIGHBOURS): i], *turns[i + 1: i + 1 + NEIGHBOURS]]
        contexts.append(" ".join(memory_text(t) for t in around if t.session == turn.session))
    return contexts


def owners_of(turns: Sequence[Turn], results: RememberedMany) -> dict[str, list[str]]:
    """Memory id -> the turns it holds, the turn whose text it stores first. A duplicate turn
    joins the memory that already holds its text; a superseded memory hands its turns to its
    successor (it is never recalled again)."""
    owners: dict[str, list[str]] = {}
    for turn, result in zip(turns, results.items, strict=True):
        match result:
            case Success(Remembered() as done):
                owners.setdefault(done.id, []).append(turn.dia_id)
                if done.outcome is DedupOutcome.SUPERSEDED and done.superseded_id:
                    owners[done.id] += owners.pop(done.superseded_id, [])
            case _:
                continue
    return owners


def turn_ranking(memory_ids: Iterable[str], owners: dict[str, list[str]]) -> list[str]:
    return [dia_id for memory_id in memory_ids for dia_id in owners.get(memory_id, ())]
