"""Sessions: how capture is going, the recent sessions with their final summaries, what each
staged and the size of each block injected into it, and the block the SessionStart hook would
inject now, with its size against the hard cap."""

from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.domain.injection import HARD_CAP
from abzu.entrypoints.missed_transcripts import missed
from abzu.entrypoints.web.render import page
from abzu.entrypoints.web.state import container
from abzu.entrypoints.wiring.web import preview_session_start, recent_sessions, session_traces

# The injection log keeps each block's size, not its text (the text holds stored memories and
# is rebuilt at every start); the page says so and shows what would be injected now.
PREVIEW_ID = "abzu-ui-preview"


async def sessions(request: Request) -> Response:
    c = container(request)
    health = c.sessions.session_status().execute()
    injected = preview_session_start(c).execute(SessionStartRequest(session_id=PREVIEW_ID))
    recent = recent_sessions(c).execute()
    traces = session_traces(c).execute([s.record.session_id for s in recent])
    lost = missed(c.lifecycle(), Path(c.config.claude_projects()))
    return page(request, "sessions.html", health=health, missed=len(lost), recent=recent,
                traces=traces, injected=injected, cap=HARD_CAP)
