"""HTML from Jinja2 templates, autoescape on for every template.

Stored text reaches a template only through the `stored` / `line` filters (domain/quoting.py's
`visible`: invisible characters dropped); Jinja2 then escapes `<`, `&` and quotes, so a memory
holding `<script>` is shown as text and never runs.
"""

from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader
from starlette.requests import Request
from starlette.responses import HTMLResponse

from abzu.domain.quoting import visible

TEMPLATES = Path(__file__).parent / "templates"


def _line(text: str | None) -> str:
    return " ".join(visible(text or "").split())


def _when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M") if moment else "never"


@cache
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, auto_reload=False)
    env.filters.update(stored=lambda t: visible(t or ""), line=_line, when=_when)
    return env


def page(request: Request, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    html = environment().get_template(template).render(
        csrf=request.app.state.csrf, path=request.url.path, **context
    )
    return HTMLResponse(html, status_code=status_code)
