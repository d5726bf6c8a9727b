"""A stub `claude` that behaves like Claude Code in print mode (`claude -p --output-format json`),
for the distiller's end-to-end tests (issue 29.1, 30.3). Never the real one: no network, no quota.

Like Claude Code, it is a session of its own: it fires the user's hooks (`abzu hook session-start`
and `abzu hook session-end` as subprocesses, Claude-Code-shaped JSON on stdin, with the
environment it was given), writes its own transcript under the Claude projects folder
(`ABZU_CLAUDE_PROJECTS`, one folder per working directory) and prints the result envelope. Like
an older Claude Code, it fires the hooks whatever `--settings` says: Abzu's own guard (the child's
environment mark) must hold alone. Every call is one JSON line in `calls.jsonl` beside it.
"""

import json
import stat
import sys
from pathlib import Path
from typing import Any

HELP = """Usage: claude [options] [command] [prompt]

Options:
  -p, --print                       Print response and exit
  --output-format <format>          Output format: "text", "json" or "stream-json"
  --session-id <uuid>               Use a specific session ID for the conversation
  --settings <file-or-json>         Path to a settings JSON file or a JSON string
  --strict-mcp-config               Only use MCP servers from --mcp-config
  --tools <tools...>                Built-in tools to make available ("" disables all)
  -h, --help                        Display help for command
"""

SCRIPT = '''#!{python}
import datetime, json, os, re, subprocess, sys, uuid
from pathlib import Path

ABZU, HERE, ANSWER, HELP = {abzu!r}, Path({here!r}), {answer!r}, {help!r}


def hook(event, payload, cwd):
    done = subprocess.run([ABZU, "hook", event], input=json.dumps(payload), capture_output=True,
                          text=True, cwd=cwd, env=os.environ, timeout=120, check=False)
    return {{"event": event, "code": done.returncode, "stdout": done.stdout, "stderr": done.stderr}}


def record(kind, sid, cwd, message, n):
    at = datetime.datetime.now(datetime.timezone.utc).isoformat().replace("+00:00", "Z")
    parent = None if n == 0 else f"{{sid}}-{{n - 1}}"
    return json.dumps({{"type": kind, "uuid": f"{{sid}}-{{n}}", "parentUuid": parent, "sessionId": sid,
                       "cwd": cwd, "timestamp": at, "version": "2.1.240", "isSidechain": False,
                       "userType": "external", "message": message}}) + "\\n"


def main():
    args = sys.argv[1:]
    if "--help" in args:
        print(HELP)
        return 0
    prompt = sys.stdin.read()
    sid = args[args.index("--session-id") + 1] if "--session-id" in args else str(uuid.uuid4())
    cwd = os.getcwd()
    folder = Path(os.environ["ABZU_CLAUDE_PROJECTS"]) / re.sub(r"[^A-Za-z0-9]", "-", cwd)
    folder.mkdir(parents=True, exist_ok=True)
    transcript = folder / f"{{sid}}.jsonl"
    base = {{"session_id": sid, "transcript_path": str(transcript), "cwd": cwd}}
    hooks = [hook("session-start", {{**base, "hook_event_name": "SessionStart", "source": "startup"}}, cwd)]
    answer = json.dumps(ANSWER)
    transcript.write_text(
        record("user", sid, cwd, {{"role": "user", "content": prompt}}, 0)
        + record("assistant", sid, cwd, {{"id": "msg_1", "role": "assistant", "model": "claude-stub",
                 "content": [{{"type": "text", "text": answer}}], "stop_reason": "end_turn"}}, 1),
        encoding="utf-8")
    hooks.append(hook("session-end", {{**base, "hook_event_name": "SessionEnd", "reason": "other"}}, cwd))
    with open(HERE / "calls.jsonl", "a", encoding="utf-8") as log:
        log.write(json.dumps({{"session_id": sid, "argv": args, "cwd": cwd, "hooks": hooks,
                              "mark": os.environ.get("ABZU_DISTILLER_CHILD"),
                              "first_line": prompt.splitlines()[0] if prompt else ""}}) + "\\n")
    print(json.dumps({{"type": "result", "subtype": "success", "is_error": False, "result": answer,
                      "session_id": sid, "usage": {{"input_tokens": 1200, "output_tokens": 80}}}}))
    return 0


sys.exit(main())
'''


def write_stub(folder: Path, abzu: str, answer: dict[str, Any]) -> Path:
    """An executable `claude` in `folder` answering `answer` (the distiller's `{"items": …}`)."""
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / "claude"
    exe.write_text(SCRIPT.format(python=sys.executable, abzu=abzu, here=str(folder), answer=answer,
                                 help=HELP), encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return exe


def calls(folder: Path) -> list[dict[str, Any]]:
    log = folder / "calls.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
