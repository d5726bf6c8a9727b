"""The Starlette application of `abzu ui`: routes, the token gate, the static files.

Handlers are `async` and call the (synchronous) use cases directly: the event loop runs one
request at a time, so each request is one use case at a time and a write lock is never held
across requests. A local page for one person needs no more concurrency than that.
"""

from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from abzu.entrypoints.web import health_pages, review_pages, search_pages, session_pages
from abzu.entrypoints.web.access import TokenGate, csrf_of

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container

STATIC = Path(__file__).parent / "static"


async def landing(request: Request) -> Response:
    return RedirectResponse("/search", status_code=303)


async def ping(request: Request) -> Response:
    """The trivial route the page benchmark compares every page with."""
    return PlainTextResponse("ok")


ROUTES = [
    Route("/", landing),
    Route("/ping", ping),
    Route("/search", search_pages.search),
    Route("/memory/{memory_id}", search_pages.memory),
    Route("/memory/{memory_id}/{action:str}", search_pages.act, methods=["POST"]),
    Route("/staging", review_pages.queue),
    Route("/staging/undo", review_pages.undo, methods=["POST"]),
    Route("/staging/written/{bead_id}", review_pages.vouch, methods=["POST"]),
    Route("/staging/{candidate_id}", review_pages.decide, methods=["POST"]),
    Route("/staging/{candidate_id}/similar", review_pages.similar),
    Route("/sessions", session_pages.sessions),
    Route("/health", health_pages.health),
    Route("/health/doctor", health_pages.doctor),
    Mount("/static", StaticFiles(directory=STATIC, follow_symlink=True), name="static"),
]


def build_app(container: "Container", token: str) -> Starlette:
    app = Starlette(routes=ROUTES, middleware=[Middleware(TokenGate, token=token)])
    app.state.container, app.state.csrf = container, csrf_of(token)
    return app
