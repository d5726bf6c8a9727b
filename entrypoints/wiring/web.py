"""The use cases only the web page (`abzu ui`, issue 18) needs, built from the container's parts.

Every other page action is a container provider the CLI uses too (recall, star, review.unflag,
review.flag_for_deletion, review.run_review, review.undo_review, trust.history, trust.doctor,
status).
"""

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.adapters.human.decided import DecidedReviewer
from abzu.adapters.preview import DiscardingJournal, ReadOnlyProjectFiles
from abzu.adapters.shown_listing import FileShownJournals
from abzu.adapters.sqlite.anchor_listing import Sqlite3AnchorListing
from abzu.adapters.sqlite.review_spend import SqliteReviewHistory
from abzu.adapters.sqlite.session_traces import Sqlite3SessionTraces
from abzu.application.anchors.listing import AnchorsOf
from abzu.application.review.closest_beads import ClosestBeads
from abzu.application.review.past_reviews import PastReviews
from abzu.application.review.run_review import RunReview
from abzu.application.review.staging_queue import StagingQueue
from abzu.application.sessions.recent_sessions import RecentSessions
from abzu.application.sessions.traces import RecallersOf, TracesOf
from abzu.domain.review.batching import BatchPolicy
from abzu.domain.review.model import Proposal

if TYPE_CHECKING:
    from abzu.application.sessions.inject_session_start import InjectSessionStart
    from abzu.entrypoints.wiring.container import Container


def staging_queue(c: "Container") -> StagingQueue:
    return StagingQueue(c.read_uow())


def closest_beads(c: "Container") -> ClosestBeads:
    return ClosestBeads(c.read_uow())


def decided_review(c: "Container", proposal: Proposal) -> RunReview:
    """`review --interactive`'s review, one candidate at a time, the decision taken on the page;
    the history names the human reviewer."""
    review: RunReview = c.review.run_review(uow=c.review.human_uow(), reviewer=DecidedReviewer(proposal),
                                     policy=BatchPolicy.one_at_a_time())
    return review


def recent_sessions(c: "Container") -> RecentSessions:
    return RecentSessions(c.sessions.uow(), c.clock())


def preview_session_start(c: "Container") -> "InjectSessionStart":
    """What the SessionStart hook would inject now, built by the hook's own factory, minus its
    two side effects: no injection is recorded and `.enki/SESSION_ID` is not written."""
    injector: InjectSessionStart = c.sessions.hook_cases().session_start()
    return replace(injector, journal=DiscardingJournal(), files=ReadOnlyProjectFiles(injector.files))


def past_reviews(c: "Container") -> PastReviews:
    return PastReviews(SqliteReviewHistory(c.staging_store()))


def anchors_of(c: "Container") -> AnchorsOf:
    return AnchorsOf(Sqlite3AnchorListing(Path(c.config.wisdom_path()), Path(c.config.staging_path())))


def session_traces(c: "Container") -> TracesOf:
    return TracesOf(Sqlite3SessionTraces(Path(c.config.staging_path())))


def recallers_of(c: "Container") -> RecallersOf:
    return RecallersOf(FileShownJournals(Path(c.config.shown_dir())),
                       Sqlite3SessionTraces(Path(c.config.staging_path())))
