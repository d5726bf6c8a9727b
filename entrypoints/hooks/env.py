"""Where a hook works, from the environment alone (standard library only)."""

import os
from pathlib import Path


def project_dir() -> str | None:
    """Claude Code's project root; unlike the payload's cwd it stays put when Claude cds."""
    return os.environ.get("CLAUDE_PROJECT_DIR") or None


def session_cwd(payload_cwd: str | None) -> Path:
    return Path(project_dir() or payload_cwd or os.getcwd())
