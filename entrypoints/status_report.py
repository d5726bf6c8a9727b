"""The status every door shows (CLI `abzu status`, MCP `enki_status`): one function, so the two
cannot drift apart again (the MCP tool once answered `"sessions": null`)."""

from dataclasses import asdict
from typing import TYPE_CHECKING

from abzu.entrypoints.views import SessionsView, StatusView

if TYPE_CHECKING:
    from abzu.entrypoints.container import Container


def full_status(container: "Container") -> StatusView:
    view = StatusView.of(container.status().execute())
    health = container.sessions.session_status().execute()
    view.sessions = SessionsView(**asdict(health.counts), spooled=health.spooled)
    return view
