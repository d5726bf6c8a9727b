"""Stop: the turn is journaled (how far the transcript had got); nothing else."""

from abzu.entrypoints.hooks.spooled import journal


def run_at(raw: str, root: str) -> None:
    """`root`: the data home's folder as a string (home_root.py): no DataHome, so no pathlib."""
    journal("Stop", raw, root)
