"""What every reviewer that is a person shares: the identity a review is logged under."""

from abzu.application.review.ports import PERSON, Reviewer, ReviewerIdentity


class PersonReviewer(Reviewer):
    """A person's review (at the terminal or on the page) is logged as the person's, no model."""

    @property
    def identity(self) -> ReviewerIdentity:
        return ReviewerIdentity(PERSON, None, human=True)
