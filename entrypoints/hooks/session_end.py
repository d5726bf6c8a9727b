"""SessionEnd: journal the payload, start finalisation detached, return at once."""

from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.detach import abzu_command, start_detached
from abzu.entrypoints.hooks.env import session_cwd
from abzu.entrypoints.hooks.spooled import journal


def run(raw: str, home: DataHome) -> None:
    session_id, payload = journal("SessionEnd", raw, home)
    cwd = payload.get("cwd")
    start_detached(abzu_command("finalize", session_id),
                   cwd=str(session_cwd(cwd if isinstance(cwd, str) else None)))
