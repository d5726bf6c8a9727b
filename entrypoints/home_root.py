"""Where the data home is, as a plain string (standard library, no pathlib).

The journaling hooks (Stop, SessionEnd) and PreCompact need only a folder's name: `pathlib` (with
urllib.parse, ipaddress, ntpath and fnmatch behind it) is ~6 ms of their ~30 ms above the
interpreter. data_home.DataHome reads the same variables and names from here, so the rule is
written once.
"""

import os

TYPE_CHECKING = False  # no `typing` on the journaling hooks' path (see hooks/main.py)
if TYPE_CHECKING:
    from collections.abc import Mapping

DEFAULT_HOME = "~/.enki"
HOME_VARIABLE = "ABZU_HOME"
SPOOL = "spool"
PENDING = "pending"


def home_root(environ: "Mapping[str, str]" = os.environ) -> str:
    """ABZU_HOME (else ~/.enki), user-expanded: DataHome.from_env's root, as a string."""
    return os.path.expanduser(environ.get(HOME_VARIABLE) or DEFAULT_HOME)


def spool_folder(root: str) -> str:
    """DataHome.spool of the same root."""
    return os.path.join(root, SPOOL)


def pending_folder(root: str) -> str:
    """DataHome.pending of the same root."""
    return os.path.join(root, PENDING)
