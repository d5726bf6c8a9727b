"""SessionEnd: journal the payload, start finalisation detached (the background job of
entrypoints/background.py, the work of `abzu finalize`), return at once."""

from abzu.entrypoints.detach import background_job, start_detached
from abzu.entrypoints.hooks.env import session_dir
from abzu.entrypoints.hooks.spooled import journal


def run_at(raw: str, root: str) -> None:
    """`root`: the data home's folder as a string (home_root.py): no DataHome, so no pathlib."""
    session_id, payload = journal("SessionEnd", raw, root)
    cwd = payload.get("cwd")
    argv, job = background_job("finalize", session_id=session_id)
    start_detached(argv, cwd=session_dir(cwd if isinstance(cwd, str) else None), stdin=job)
