"""How Abzu starts its `claude -p` distiller so that the child stays out of Abzu's memory
(issue 29.1, claude-code.md §10b): the child is a Claude Code session like any other, which
would fire the user's hooks (Abzu's own among them) and write a transcript of its own.

- Its environment carries distiller_child.CHILD_VARIABLE: every Abzu hook exits 0 on it.
- Where the installed Claude Code offers them (`claude --help`; older versions lack some, and
  an unknown option is an error): Claude Code's own `disableAllHooks` setting, no MCP server,
  no built-in tool (it reads the prompt and answers), and a session id chosen here, recorded
  in the extraction log even when the call fails, so that its transcript is known by name.
- It works in a folder of its own (the data home's `distill/`): its transcript lands in a
  Claude Code project folder of its own, never beside the user's sessions, and no project's
  CLAUDE.md or settings come along.
"""

import os
import re
import subprocess
from collections.abc import Mapping
from functools import lru_cache

from abzu.domain.extraction.distiller_child import CHILD_VALUE, CHILD_VARIABLE

HOOKS_OFF = '{"disableAllHooks": true}'
# (option, its value if any), each passed only when `claude --help` lists the option.
ISOLATION: tuple[tuple[str, ...], ...] = (
    ("--settings", HOOKS_OFF),
    ("--strict-mcp-config",),  # with no --mcp-config: no MCP server at all, Abzu's included
    ("--tools", ""),  # variadic in Claude Code: last, so that it takes nothing after it
)
# Claude Code's marks of the session that ran the hook which started `abzu finalize`: the child
# is a new top-level session (`CLAUDECODE` would make it refuse to start as a nested one).
INHERITED = ("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_PROJECT_DIR")
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
HELP_TIMEOUT_S = 20.0


def child_argv(executable: str, session_id: str, offered: frozenset[str]) -> list[str]:
    argv = [executable, "-p", "--output-format", "json"]
    if "--session-id" in offered:
        argv += ["--session-id", session_id]
    for option in ISOLATION:
        if option[0] in offered:
            argv += option
    return argv


def child_environment(environ: Mapping[str, str]) -> dict[str, str]:
    env = {k: v for k, v in environ.items() if k not in INHERITED}
    env[CHILD_VARIABLE] = CHILD_VALUE
    return env


@lru_cache(maxsize=4)
def offered_options(executable: str, timeout_s: float = HELP_TIMEOUT_S) -> frozenset[str]:
    """The options `claude --help` lists; none when it cannot say (then only `-p` and
    `--output-format`, which every Claude Code with print mode has, are passed)."""
    try:
        done = subprocess.run([executable, "--help"], stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=timeout_s, check=False,
                              env=child_environment(os.environ))
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(_OPTION.findall(done.stdout)) if done.returncode == 0 else frozenset()
