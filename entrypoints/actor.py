"""Who the history records as the writer (issue 15): the front door, unless a use case of the
review or maintenance names itself (container.py). Standard library only: the hooks import it."""

import os
from collections.abc import Mapping

ACTOR_VARIABLE = "ABZU_ACTOR"  # set to "hook" for the processes a hook starts in the background
FRONT_DOORS = ("cli", "mcp", "hook")


def current_actor(environ: Mapping[str, str] = os.environ, default: str = "cli") -> str:
    named = (environ.get(ACTOR_VARIABLE) or "").strip()
    return named if named in FRONT_DOORS else default
