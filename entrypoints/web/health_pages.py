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
    status = c.status().execute()
    chart = histogram(status.beads.weights, title="Live beads by decay weight")
    return page(request, "health.html", view=full_status(c), chart=chart,
                doctor=c.trust.doctor().execute(), reviews=past_reviews(c).execute(REVIEWS))
