"""Stop: the turn is journaled (how far the transcript had got); nothing else."""

from abzu.entrypoints.hooks.spooled import journal

TYPE_CHECKING = False  # no DataHome (pathlib) on Stop's path: hooks/main.py calls `run_at`
if TYPE_CHECKING:
    from abzu.entrypoints.data_home import DataHome


def run(raw: str, home: "DataHome") -> None:
    run_at(raw, str(home.root))


def run_at(raw: str, root: str) -> None:
    """`root`: the data home's folder (home_root.py)."""
    journal("Stop", raw, root)
