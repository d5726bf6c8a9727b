"""Who may use the page: whoever holds the token `abzu ui` printed.

The server listens on loopback, but any local process or web page the user visits could reach
it; the token in the printed URL is the key. The first visit trades it for a cookie
(HttpOnly, SameSite=Strict: another site's form cannot send it) and is redirected to the same
address without the token, so it does not linger in the address bar or the history. Every
POST also carries a form field derived from the token (`csrf_of`), checked by `checked_form`.
"""

import hashlib
import hmac
import secrets

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

COOKIE = "abzu_ui"
PARAM = "token"
REFUSED = "403 Forbidden: open the address `abzu ui` printed (it carries the access token).\n"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_of(token: str) -> str:
    """What forms carry: derived, so the page never holds the access token itself."""
    return hmac.new(token.encode(), b"abzu-ui-form", hashlib.sha256).hexdigest()


def same(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


class TokenGate:
    """ASGI middleware: the token (query, once) or its cookie, else 403 with one line."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self._app, self._token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get(PARAM)
        if given is not None and same(given, self._token):
            response: Response = self._enter(request)
        elif same(request.cookies.get(COOKIE, ""), self._token):
            await self._app(scope, receive, send)
            return
        else:
            response = PlainTextResponse(REFUSED, status_code=403)
        await response(scope, receive, send)

    def _enter(self, request: Request) -> Response:
        target = request.url.remove_query_params(PARAM)
        response = RedirectResponse(target.path + (f"?{target.query}" if target.query else ""), 303)
        response.set_cookie(COOKIE, self._token, httponly=True, samesite="strict", path="/")
        return response


async def checked_form(request: Request) -> FormData:
    """The POSTed form, once its csrf field matches this server's token; 403 otherwise."""
    form = await request.form()
    field = form.get("csrf")
    if not isinstance(field, str) or not same(field, request.app.state.csrf):
        raise HTTPException(403, "this form is stale or came from elsewhere: reload the page")
    return form
