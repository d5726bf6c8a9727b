"""Stop: the turn is journaled (how far the transcript had got); nothing else."""

from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks.spooled import journal


def run(raw: str, home: DataHome) -> None:
    journal("Stop", raw, home)
