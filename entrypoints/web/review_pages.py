"""The staging queue: candidates oldest first beside their closest beads, and the person's
decisions, each one applied through the same validated review as `abzu review --interactive`
(sandbox, wisdom.db snapshot first, `abzu review --undo` or the page's Undo takes it back).
Above them, what the agent wrote straight into permanent memory (preferences, issue 29), to
confirm or remove through the same use cases as `abzu review --interactive`."""

from returns.result import Failure, Success
from starlette.requests import Request
from starlette.responses import Response

from abzu.application.review.report import ReviewReport
from abzu.application.review.run_review import ReviewRequest
from abzu.domain.review.model import Proposal
from abzu.entrypoints.web.access import checked_form
from abzu.entrypoints.web.render import page
from abzu.entrypoints.web.state import back_to, container, said
from abzu.entrypoints.wiring.web import closest_beads, decided_review, staging_queue

SHOWN = 20  # candidates on one page: a review works from the oldest
MAX_PAGE = 500  # 10,000 candidates deep: each page reads the ones before it
PAST = {"promote": "promoted", "discard": "discarded", "keep": "kept", "flag": "flagged",
        "consolidate": "consolidated"}


async def queue(request: Request) -> Response:
    project = request.query_params.get("project", "").strip() or None
    c = container(request)
    found = staging_queue(c).execute(project, limit=SHOWN, page=_page(request))
    unreviewed = c.review.unreviewed_beads().execute(project, limit=SHOWN)  # issue 29: the agent's own
    return page(request, "staging.html", queue=found, project=project, per_page=SHOWN,
                unreviewed=unreviewed, note=request.query_params.get("note"))


async def vouch(request: Request) -> Response:
    """Confirm (the person answers for it) or remove (forget) a bead the agent wrote: the same
    use cases as `abzu review --interactive`."""
    bead_id = request.path_params["bead_id"]
    form, c = await checked_form(request), container(request)
    action = str(form.get("action", ""))
    if action == "confirm":
        note = said(c.review.confirm_memory().execute(bead_id), f"{bead_id} confirmed: reviewed from now on")
    elif action == "remove":
        note = said(c.review.remove_unreviewed().execute(bead_id), f"{bead_id} removed")
    else:
        note = f"{bead_id}: nothing changed"
    return back_to("/staging", note)


def _page(request: Request) -> int:
    asked = request.query_params.get("page", "1")
    return min(int(asked), MAX_PAGE) if asked.isdigit() and int(asked) > 0 else 1


async def similar(request: Request) -> Response:
    """The closest beads of one candidate: a fragment the page fetches after it is shown."""
    candidate_id = request.path_params["candidate_id"]
    project = request.query_params.get("project", "").strip() or None
    beads = closest_beads(container(request)).execute(candidate_id, project)
    return page(request, "similar.html", beads=beads)


def _proposal(candidate_id: str, action: str, content: str, reason: str) -> Proposal | None:
    if action == "promote":
        return Proposal("promote", (candidate_id,), reason="promoted by a person (web page)")
    if action == "edit":
        return Proposal("promote", (candidate_id,), content=content, reason="edited by a person")
    if action == "discard":
        return Proposal("discard", (candidate_id,), reason=reason or "not worth keeping")
    return None  # skip: it stays staged, nothing to apply


async def decide(request: Request) -> Response:
    candidate_id = request.path_params["candidate_id"]
    form = await checked_form(request)
    action = str(form.get("action", "skip"))
    proposal = _proposal(candidate_id, action, str(form.get("content", "")), str(form.get("reason", "")))
    if proposal is None:
        return back_to("/staging", f"{candidate_id} skipped: still staged")
    match decided_review(container(request), proposal).execute(ReviewRequest(only=candidate_id)):
        case Success(ReviewReport() as report):
            return back_to("/staging", _told(report, candidate_id))
        case Failure(err):
            return back_to("/staging", err.message)
    return back_to("/staging", "nothing changed")


def _told(report: ReviewReport, candidate_id: str) -> str:
    """What the review did with the one candidate, in a line (a rejection says why)."""
    if not report.batches:
        return f"{candidate_id} is no longer staged"
    batch = report.batches[-1]
    problems = [r.detail for r in batch.rejected] + [p for p in (batch.refused, batch.error) if p]
    if problems:
        return f"{candidate_id} not changed: {'; '.join(problems)}"
    done = [f"{PAST.get(o.action, o.action)} {candidate_id}" + (f" as {o.bead_id}" if o.bead_id else "")
            for o in batch.outcomes]
    return "; ".join(done) or f"{candidate_id}: nothing to apply"


async def undo(request: Request) -> Response:
    await checked_form(request)
    return back_to("/staging", said(container(request).review.undo_review().execute(),
                                    "the last review was undone: its candidates are staged again"))
