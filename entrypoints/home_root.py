"""Where the data home and its files are, as plain strings (standard library, no pathlib).

The hooks need only files' names: `pathlib` (with urllib.parse, ipaddress, ntpath and fnmatch
behind it) is ~6 ms of the journaling hooks' ~30 ms above the interpreter and ~19 M instructions
of a session start (docs/benchmarks.md, start2). data_home.DataHome reads the same variables and
names from here, so each rule is written once.
"""

import os

TYPE_CHECKING = False  # no `typing` on the journaling hooks' path (see hooks/main.py)
if TYPE_CHECKING:
    from collections.abc import Mapping

DEFAULT_HOME = "~/.enki"
HOME_VARIABLE = "ABZU_HOME"
CONFIG_VARIABLE = "ABZU_CONFIG"
SPOOL = "spool"
PENDING = "pending"
WISDOM, STAGING, PERSONA, LOG, CONFIG = "wisdom.db", "abzu.db", "persona.md", "abzu.log", "config.toml"
SHOWN = "shown"  # per session, the memories PreToolUse has shown
TEAM, TEAM_CACHE = "team", "cache.db"  # the team's folder, and its local copy in it


def home_root(environ: "Mapping[str, str]" = os.environ) -> str:
    """ABZU_HOME (else ~/.enki), user-expanded: DataHome.from_env's root, as a string."""
    return os.path.expanduser(environ.get(HOME_VARIABLE) or DEFAULT_HOME)


def in_home(root: str, *names: str) -> str:
    """A file or folder of the data home at `root`, named by the constants above."""
    return os.path.join(root, *names)


def config_file(root: str, environ: "Mapping[str, str]" = os.environ) -> str:
    """The config file Settings, the hooks and `abzu config` read: `ABZU_CONFIG` when set,
    else `config.toml` in the data home."""
    named = environ.get(CONFIG_VARIABLE)
    return os.path.expanduser(named) if named else os.path.join(root, CONFIG)


def spool_folder(root: str) -> str:
    """DataHome.spool of the same root."""
    return os.path.join(root, SPOOL)


def pending_folder(root: str) -> str:
    """DataHome.pending of the same root."""
    return os.path.join(root, PENDING)
