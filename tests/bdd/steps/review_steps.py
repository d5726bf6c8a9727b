"""Steps for the review features: a scripted reviewer drives the real use cases on SQLite files."""

from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when

from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.application.review.report import ReviewReport
from abzu.application.review.run_review import ReviewRequest
from abzu.domain.bead import Bead
from abzu.domain.review.model import Proposal
from abzu.entrypoints.wiring.container import Container
from tests.fakes import ScriptedReviewer


@dataclass
class ReviewWorld:
    container: Container
    candidate: str = ""
    bead: str = ""
    bead_text: str = ""
    report: ReviewReport | None = None
    outcomes: dict[str, str] = field(default_factory=dict)

    def review(self, *proposals: Proposal) -> ReviewReport:
        reviewer = ScriptedReviewer(list(proposals))
        self.report = self.container.review.run_review(reviewer=reviewer).execute(ReviewRequest()).unwrap()
        return self.report

    def stored(self, bead_id: str) -> Bead | None:
        with self.container.uow() as uow:
            return uow.beads.get(bead_id)

    def recalled(self, query: str) -> list[str]:
        hits = self.container.recall().execute(RecallRequest(query, scope="all")).unwrap().hits
        return [h.hit.item_id for h in hits if h.hit.source.value == "bead"]

    def staged(self) -> list[str]:
        return [c.id for c in self.container.review.get_staged_candidates().execute()]


@pytest.fixture
def review_world(container: Container) -> ReviewWorld:
    return ReviewWorld(container)


def _stage(world: ReviewWorld, text: str, category: str = "learning") -> str:
    return world.container.remember().execute(RememberRequest(text, category)).unwrap().id


@given(parsers.parse('a staged {category} "{text}"'))
def _(review_world: ReviewWorld, category: str, text: str) -> None:
    review_world.candidate = _stage(review_world, text, category)


@given(parsers.parse('a permanent bead "{text}"'))
def _(review_world: ReviewWorld, text: str) -> None:
    staged = _stage(review_world, text)
    review_world.bead = review_world.container.review.promote_candidate().execute(staged).unwrap().bead_id
    review_world.bead_text = text


@given(parsers.parse("{count:d} staged learnings"))
def _(review_world: ReviewWorld, count: int) -> None:
    for i in range(count):
        _stage(review_world, f"Session note {i}: the build of module m{i} took {i + 2} minutes")


@when(parsers.parse("the reviewer promotes that {kind:w}"))
def _(review_world: ReviewWorld) -> None:
    review_world.review(Proposal("promote", (review_world.candidate,)))


@when(parsers.parse('the reviewer merges them into "{text}"'))
def _(review_world: ReviewWorld, text: str) -> None:
    review_world.review(Proposal("consolidate", (review_world.candidate,), (review_world.bead,),
                                 content=text))


@when(parsers.parse('the reviewer discards that learning as "{reason}"'))
def _(review_world: ReviewWorld, reason: str) -> None:
    review_world.review(Proposal("discard", (review_world.candidate,), reason=reason))


@when("the reviewer discards all of them")
def _(review_world: ReviewWorld) -> None:
    review_world.review(*(Proposal("discard", (c,), reason="noise") for c in review_world.staged()))


@when(parsers.parse('the reviewer flags the bead as "{reason}"'))
def _(review_world: ReviewWorld, reason: str) -> None:
    review_world.review(Proposal("flag", (), (review_world.bead,), reason=reason))


@when(parsers.parse('the reviewer promotes that decision and flags the bead as "{reason}"'))
def _(review_world: ReviewWorld, reason: str) -> None:
    review_world.review(Proposal("promote", (review_world.candidate,)),
                        Proposal("flag", (), (review_world.bead,), reason=reason))


@when("maintenance runs")
def _(review_world: ReviewWorld) -> None:
    review_world.container.sessions.maintenance().execute()


@when("I unflag the bead")
def _(review_world: ReviewWorld) -> None:
    review_world.container.review.unflag().execute(review_world.bead).unwrap()


@when("I undo the last review")
def _(review_world: ReviewWorld) -> None:
    review_world.container.review.undo_review().execute().unwrap()


@then(parsers.parse('permanent memory holds "{text}"'))
def _(review_world: ReviewWorld, text: str) -> None:
    found = [review_world.stored(i) for i in review_world.recalled(text)]
    assert any(b is not None and b.content == text for b in found)


@then("permanent memory is empty")
def _(review_world: ReviewWorld) -> None:
    assert review_world.container.status().execute().bead_count == 0


@then("nothing is left in staging")
def _(review_world: ReviewWorld) -> None:
    assert review_world.staged() == []


@then(parsers.parse("that {kind:w} is still staged"))
def _(review_world: ReviewWorld) -> None:
    assert review_world.candidate in review_world.staged()


@then(parsers.parse("{count:d} learnings are still staged"))
def _(review_world: ReviewWorld, count: int) -> None:
    assert len(review_world.staged()) == count


@then(parsers.parse('the review discarded that learning as "{reason}"'))
def _(review_world: ReviewWorld, reason: str) -> None:
    assert review_world.report is not None
    outcomes = [o for b in review_world.report.batches for o in b.outcomes]
    assert [(o.action, o.reason) for o in outcomes if o.ids == (review_world.candidate,)] == [
        ("discard", reason)
    ]


@then("the review says a batch was held back")
def _(review_world: ReviewWorld) -> None:
    assert review_world.report is not None and review_world.report.held_back == 1


@then("the old bead points at the merged bead")
def _(review_world: ReviewWorld) -> None:
    assert review_world.report is not None
    merged = review_world.report.batches[0].outcomes[0].bead_id
    old = review_world.stored(review_world.bead)
    assert merged and old is not None and old.superseded_by == merged


@then("the old bead is still current")
def _(review_world: ReviewWorld) -> None:
    old = review_world.stored(review_world.bead)
    assert old is not None and old.superseded_by is None


@then("the bead is kept but no longer recalled")
def _(review_world: ReviewWorld) -> None:
    kept = review_world.stored(review_world.bead)
    assert kept is not None and kept.gemini_flagged
    assert review_world.bead not in review_world.recalled(review_world.bead_text)


@then("the bead is gone")
def _(review_world: ReviewWorld) -> None:
    assert review_world.stored(review_world.bead) is None


@then("the bead is recalled again")
def _(review_world: ReviewWorld) -> None:
    assert review_world.bead in review_world.recalled(review_world.bead_text)
