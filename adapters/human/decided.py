"""A person's decision taken on the web page (`abzu ui`), handed to the review as its answer.

The page asks first (a button, an edited text), then runs the same review as
`abzu review --interactive`: the decision goes through the sandbox, wisdom.db is snapshotted
before it changes and `abzu review --undo` can take it back.
"""

from returns.result import Result, Success

from abzu.adapters.human.person import PersonReviewer
from abzu.application.review.ports import ReviewAnswer, ReviewFailure
from abzu.domain.review.model import Proposal, ReviewBatch


class DecidedReviewer(PersonReviewer):
    """Answers for the one candidate `proposal` names; any other candidate stays staged."""

    def __init__(self, proposal: Proposal) -> None:
        self._proposal = proposal

    def review(self, batch: ReviewBatch) -> Result[ReviewAnswer, ReviewFailure]:
        wanted = set(self._proposal.candidate_ids)
        proposals = tuple(
            self._proposal if c.id in wanted else Proposal("keep", (c.id,), reason="skipped")
            for c in batch.candidates
        )
        return Success(ReviewAnswer(proposals))
