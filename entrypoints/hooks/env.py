"""Where a hook works, from the environment alone (standard library only, pathlib only when a
caller wants a Path: the journaling hooks take the folder as a string)."""

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def project_dir() -> str | None:
    """Claude Code's project root; unlike the payload's cwd it stays put when Claude cds."""
    return os.environ.get("CLAUDE_PROJECT_DIR") or None


def session_dir(payload_cwd: str | None) -> str:
    return project_dir() or payload_cwd or os.getcwd()


def session_cwd(payload_cwd: str | None) -> "Path":
    from pathlib import Path

    return Path(session_dir(payload_cwd))
