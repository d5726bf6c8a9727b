"""Abzu's data home: every file and folder in it is named here, once (standard library only).

`~/.enki` by default (the spec's data home), or `ABZU_HOME`. The hooks read it straight from
the environment; the container reads it through Settings, which builds this same object.
"""

import os
from collections.abc import Mapping
from pathlib import Path

from abzu.entrypoints.home_root import (
    LOG,
    PENDING,
    PERSONA,
    SHOWN,
    SPOOL,
    STAGING,
    TEAM,
    TEAM_CACHE,
    WISDOM,
    config_file,
    home_root,
)


class DataHome:
    """A plain class, not a dataclass: `dataclasses` (inspect, ~10 ms) is more than a hook
    that only journals should import."""

    __slots__ = ("root",)

    def __init__(self, root: Path) -> None:
        self.root = root

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DataHome) and other.root == self.root

    def __hash__(self) -> int:
        return hash(self.root)

    def __repr__(self) -> str:
        return f"DataHome({str(self.root)!r})"

    @classmethod
    def at(cls, root: Path | str) -> "DataHome":
        return cls(Path(root).expanduser())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> "DataHome":
        return cls.at(home_root(environ))

    @property
    def wisdom(self) -> Path:
        """Permanent memory: reviewed beads and preferences."""
        return self.root / WISDOM

    @property
    def staging(self) -> Path:
        """Candidates awaiting review, sessions and their summaries."""
        return self.root / STAGING

    @property
    def spool(self) -> Path:
        """Hook journal: what the hooks wrote without opening a database. Its `stamps` folder
        holds what recalls returned, found beside wisdom.db (adapters/sqlite/recall_stamps.py)."""
        return self.root / SPOOL

    @property
    def pending_remembers(self) -> Path:
        """Remembers kept while the stores were busy, stored at the next chance."""
        return self.spool / "remember"

    @property
    def pending(self) -> Path:
        """Markers of background work a hook is waiting on (a pre-compact snapshot)."""
        return self.root / PENDING

    @property
    def shown(self) -> Path:
        """Per session, the memories the PreToolUse hook has already shown (one id a line)."""
        return self.root / SHOWN

    @property
    def persona(self) -> Path:
        return self.root / PERSONA

    @property
    def log(self) -> Path:
        return self.root / LOG

    @property
    def snapshots(self) -> Path:
        """Copies of wisdom.db taken before a review changes it."""
        return self.root / "snapshots"

    def config_file(self, environ: Mapping[str, str] = os.environ) -> Path:
        """The config file Settings, the hooks and `abzu config` read: `ABZU_CONFIG` when set."""
        return Path(config_file(str(self.root), environ))

    @property
    def distill(self) -> Path:
        """The working folder of Abzu's `claude -p` distiller: its transcripts land in a Claude
        Code project folder of their own, never beside a user's sessions (issue 29.1)."""
        return self.root / "distill"

    @property
    def completions(self) -> Path:
        """When each project was completed (`abzu complete-project`), for em.db retention."""
        return self.root / "completions.json"

    @property
    def team(self) -> Path:
        """The team memory's local side (issue 32): `cache.db`, the last copy of the team's
        memories the hooks read, and `refresh.stamp`, when a refresh was last started."""
        return self.root / TEAM

    @property
    def team_cache(self) -> Path:
        return self.team / TEAM_CACHE
