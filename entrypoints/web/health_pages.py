"""Health: counts by category and project, the decay weights as a histogram, the review
history with tokens and cost, and the doctor's findings."""

from starlette.requests import Request
from starlette.responses import Response

from abzu.entrypoints.status_report import full_status
from abzu.entrypoints.web.charts import histogram
from abzu.entrypoints.web.render import page
from abzu.entrypoints.web.state import container
from abzu.entrypoints.wiring.web import past_reviews

REVIEWS = 20  # the latest reviews shown


async def health(request: Request) -> Response:
    c = container(request)
    view = full_status(c)
    weights = {float(w): n for w, n in view.weights.items()}
    chart = histogram(weights, title="Live beads by decay weight")
    return page(request, "health.html", view=view, chart=chart, reviews=past_reviews(c).execute(REVIEWS))


async def doctor(request: Request) -> Response:
    """`abzu doctor`'s checks (integrity of both stores: ~0.4 s at 10k beads, more under load), a
    fragment the Health page fetches only when asked: run on every visit, it held the one
    request loop for the better part of a second each time."""
    return page(request, "doctor.html", doctor=container(request).trust.doctor().execute())
