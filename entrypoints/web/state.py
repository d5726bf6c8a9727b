"""What every handler reaches through the request: the container the server was built with."""

from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from returns.result import Failure, Result, Success
from starlette.requests import Request
from starlette.responses import RedirectResponse

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container


def container(request: Request) -> "Container":
    built: Container = request.app.state.container
    return built


def said(result: Result[Any, Any], done: str) -> str:
    """One line for the page: `done`, or the use case's own message for an expected failure."""
    match result:
        case Success(_):
            return done
        case Failure(err):
            return str(err.message)
    return done


def back_to(path: str, note: str) -> RedirectResponse:
    """Post/redirect/get: the note rides in the query (the next page escapes it like any text)."""
    return RedirectResponse(f"{path}?{urlencode({'note': note})}", status_code=303)
