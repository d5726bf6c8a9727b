"""Search (the agent's recall, with filters) and one memory's page with its history."""

from dataclasses import dataclass

from returns.result import Failure, Success
from starlette.requests import Request
from starlette.responses import Response

from abzu.application.manage.show import ShowMemory, Shown
from abzu.application.recall import Recalled, RecallRequest
from abzu.domain.bead import Bead
from abzu.entrypoints.web.access import checked_form
from abzu.entrypoints.web.render import page
from abzu.entrypoints.web.state import back_to, container, said
from abzu.entrypoints.wiring.memory import RecallResult
from abzu.entrypoints.wiring.web import anchors_of, recallers_of

SCOPES = ("project", "global", "all")
CATEGORIES = ("decision", "learning", "pattern", "fix", "preference")
ACTIONS = ("star", "flag", "unflag", "confirm")
FADING = 0.5  # below this decay weight a bead is shown as fading


@dataclass(frozen=True, slots=True)
class Query:
    q: str
    scope: str
    project: str
    category: str

    @classmethod
    def of(cls, request: Request) -> "Query":
        p = request.query_params
        scope = p.get("scope", "project")
        return cls(p.get("q", "").strip(), scope if scope in SCOPES else "project",
                   p.get("project", "").strip(), p.get("category", "").strip())


async def search(request: Request) -> Response:
    query, hits, error = Query.of(request), [], None
    if query.q:
        match _recall(request, query):
            case Success(Recalled() as found):
                hits = [h for h in found.hits if not query.category or h.hit.category.value == query.category]
            case Failure(err):
                error = err.message
    anchors = anchors_of(container(request)).execute([h.hit.item_id for h in hits])
    return page(request, "search.html", query=query, hits=hits, error=error, scopes=SCOPES,
                categories=CATEGORIES, fading=FADING, anchors=anchors, note=request.query_params.get("note"))


def _recall(request: Request, query: Query) -> RecallResult:
    limit = 100 if query.category else 30  # a category filter keeps fewer: fetch more
    ask = RecallRequest(query.q, scope=query.scope, project=query.project or None, limit=limit)
    return container(request).recall().execute(ask)


async def memory(request: Request) -> Response:
    memory_id = request.path_params["memory_id"]
    c = container(request)
    match ShowMemory(c.read_uow()).execute(memory_id):
        case Success(Shown() as shown):
            found, events = shown.memory, c.trust.history().of_item(memory_id)
            anchors = anchors_of(c).execute([memory_id]).get(memory_id, ())
            seen = recallers_of(c).execute(memory_id, shown.derived_from)
            return page(request, "memory.html", m=found, is_bead=isinstance(found, Bead), events=events,
                        derived_from=shown.derived_from, anchors=anchors, fading=FADING, seen=seen,
                        note=request.query_params.get("note"))
        case Failure(err):
            return page(request, "missing.html", status_code=404, message=err.message)
    return page(request, "missing.html", status_code=404, message=memory_id)


async def act(request: Request) -> Response:
    """Star, flag, unflag or confirm one bead: one use case, then back to its page."""
    memory_id, action = request.path_params["memory_id"], request.path_params["action"]
    form, c = await checked_form(request), container(request)
    if action not in ACTIONS:
        return page(request, "missing.html", status_code=404, message=f"no action {action}")
    if action == "star":
        note = said(c.star().execute(memory_id), "starred: it never decays")
    elif action == "confirm":
        note = said(c.review.confirm_memory().execute(memory_id), "confirmed: reviewed from now on")
    elif action == "flag":
        reason = str(form.get("reason") or "flagged from the web page")
        note = said(c.review.flag_for_deletion().execute(memory_id, reason), "flagged for deletion")
    else:
        note = said(c.review.unflag().execute(memory_id), "flag lifted")
    return back_to(f"/memory/{memory_id}", note)
