"""Where a hook works, from the environment alone (standard library only)."""

import os
from pathlib import Path

DEFAULT_HOME = "~/.enki"  # mirrors entrypoints.settings.Settings.home (pydantic-settings is slow to import)


def data_home() -> Path:
    return Path(os.environ.get("ABZU_HOME") or DEFAULT_HOME).expanduser()


def project_dir() -> str | None:
    """Claude Code's project root; unlike the payload's cwd it stays put when Claude cds."""
    return os.environ.get("CLAUDE_PROJECT_DIR") or None


def session_cwd(payload_cwd: str | None) -> Path:
    return Path(project_dir() or payload_cwd or os.getcwd())
