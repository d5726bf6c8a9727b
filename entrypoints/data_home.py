"""Abzu's data home: every file and folder in it is named here, once (standard library only).

`~/.enki` by default (the spec's data home), or `ABZU_HOME`. The hooks read it straight from
the environment; the container reads it through Settings, which builds this same object.
"""

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOME = "~/.enki"
HOME_VARIABLE = "ABZU_HOME"


@dataclass(frozen=True, slots=True)
class DataHome:
    root: Path

    @classmethod
    def at(cls, root: Path | str) -> "DataHome":
        return cls(Path(root).expanduser())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> "DataHome":
        return cls.at(environ.get(HOME_VARIABLE) or DEFAULT_HOME)

    @property
    def wisdom(self) -> Path:
        """Permanent memory: reviewed beads and preferences."""
        return self.root / "wisdom.db"

    @property
    def staging(self) -> Path:
        """Candidates awaiting review, sessions and their summaries."""
        return self.root / "abzu.db"

    @property
    def spool(self) -> Path:
        """Hook journal: what the hooks wrote without opening a database."""
        return self.root / "spool"

    @property
    def pending(self) -> Path:
        """Markers of background work a hook is waiting on (a pre-compact snapshot)."""
        return self.root / "pending"

    @property
    def persona(self) -> Path:
        return self.root / "persona.md"

    @property
    def log(self) -> Path:
        return self.root / "abzu.log"

    @property
    def snapshots(self) -> Path:
        """Copies of wisdom.db taken before a review changes it."""
        return self.root / "snapshots"
