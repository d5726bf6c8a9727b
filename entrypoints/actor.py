"""Who the history records as the writer (issue 15): the front door, unless a use case of the
review or maintenance names itself (container.py). Standard library only: the hooks import it."""

import os
from collections.abc import Mapping

ACTOR_VARIABLE = "ABZU_ACTOR"  # set to "hook" for the processes a hook starts in the background
FRONT_DOORS = ("cli", "mcp", "hook")


def current_actor(environ: Mapping[str, str] = os.environ) -> str:
    named = (environ.get(ACTOR_VARIABLE) or "").strip()
    return named if named in FRONT_DOORS else "cli"


def typed_by_agent(environ: Mapping[str, str] = os.environ) -> bool:
    """Claude Code marks every command it runs with CLAUDECODE=1: what the agent's shell tool
    types (`abzu remember`, `abzu edit`) is the agent's word, not the person's, until a person or
    a review confirms it (a hostile repository could otherwise ask the agent to vouch for anything)."""
    return bool((environ.get("CLAUDECODE") or "").strip())
