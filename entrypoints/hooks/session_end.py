"""SessionEnd: journal the payload, start finalisation detached (the background job of
entrypoints/background.py, the work of `abzu finalize`), return at once."""

from abzu.entrypoints.detach import background_job, start_detached
from abzu.entrypoints.hooks.env import session_dir
from abzu.entrypoints.hooks.spooled import journal

TYPE_CHECKING = False  # no DataHome (pathlib) on SessionEnd's path: hooks/main.py calls `run_at`
if TYPE_CHECKING:
    from abzu.entrypoints.data_home import DataHome


def run(raw: str, home: "DataHome") -> None:
    run_at(raw, str(home.root))


def run_at(raw: str, root: str) -> None:
    """`root`: the data home's folder (home_root.py)."""
    session_id, payload = journal("SessionEnd", raw, root)
    cwd = payload.get("cwd")
    argv, job = background_job("finalize", session_id=session_id)
    start_detached(argv, cwd=session_dir(cwd if isinstance(cwd, str) else None), stdin=job)
