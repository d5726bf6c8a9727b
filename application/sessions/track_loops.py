"""Keeping the project's open loops in step with a session's final summary (issue 29).

Called by FinalizeSession inside the transaction that stores the final summary, so a summary
and the loops it opens or resolves are written together. The rules are loop_tracking.track's.
"""

from datetime import datetime

from abzu.application.ports import IdGenerator
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.domain.sessions.loop_tracking import track
from abzu.domain.sessions.open_loop import RESOLVED, OpenLoop
from abzu.domain.sessions.record import SessionRecord
from abzu.domain.sessions.summary import SessionSummary


def track_open_loops(uow: SessionUnitOfWork, record: SessionRecord, final: SessionSummary, *,
                     now: datetime, ids: IdGenerator) -> None:
    """Resolves the loops `final` resolves, refreshes the ones it leaves open again and opens the
    new ones. A session of no project has no briefing to keep them in: nothing happens."""
    project = final.project
    if project is None:
        return
    loops = uow.loops.listed(project, open_only=False)
    changes = track(final.operational_state, [lp for lp in loops if lp.is_open],
                    [lp for lp in loops if not lp.is_open], started_at=record.started_at)
    for loop_id in changes.resolved:
        uow.loops.close(loop_id, status=RESOLVED, at=now, by=record.session_id)
    for loop_id, item in changes.seen:
        uow.loops.seen(loop_id, item, session_id=record.session_id, at=now)
    for item in changes.opened:
        uow.loops.add(OpenLoop(ids.new_id("l"), project, item.kind, item.text, item.match_hash,
                               record.session_id, now, now))
