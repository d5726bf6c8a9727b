"""Which distiller runs after the heuristics (spec §6 step 2, issue 30.3), and how status says it.

`auto` (the default) is the user's own Claude Code when `claude_executable` is found on PATH,
else none; `claude-code`, `gemini` and `off` are explicit. Standard library only: the light
`abzu status` says it too, without pydantic-settings.
"""

import shutil

AUTO, OFF, CLAUDE_CODE = "auto", "off", "claude-code"


def chosen(distiller: str, claude_executable: str) -> str | None:
    """The distiller's name ('claude-code', 'gemini'), or None: none runs."""
    if distiller == AUTO:
        return CLAUDE_CODE if shutil.which(claude_executable) else None
    return None if distiller == OFF else distiller


def described(distiller: str, claude_executable: str) -> str:
    """'on (claude-code)', 'off', 'auto: claude not found' (status, enki_status)."""
    name = chosen(distiller, claude_executable)
    if name is not None:
        return f"on ({name})"
    return f"auto: {claude_executable} not found" if distiller == AUTO else OFF
