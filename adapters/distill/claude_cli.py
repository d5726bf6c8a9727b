"""The user's own Claude Code, headless, as distiller: `claude -p --output-format json` with the
prompt on stdin (spec §6 "CC distillation"). Claude Code prints one JSON object whose `result`
is the model's text; that text must hold the `{"items": [...]}` object the prompt asked for. Its
`usage` (input, cache and output tokens) is what the daily token cap counts; its `session_id`
(or the one Abzu chose for it) is the child's, recorded so that its transcript is never taken
for a user's session. How the child is kept out of Abzu's memory: child_process.py."""

import json
import os
import re
import shutil
import subprocess
import uuid
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from abzu.adapters.distill.child_process import (
    HELP_TIMEOUT_S,
    child_argv,
    child_environment,
    offered_options,
)
from abzu.adapters.private_files import private_folder
from abzu.application.extraction.distill import DistillAnswer, DistillerFailed
from abzu.domain.sessions.ids import SESSION_ID_PATTERN

_OBJECT = re.compile(r"\{.*\}", re.DOTALL)


class _Item(BaseModel):
    model_config = ConfigDict(extra="ignore")
    category: str
    content: str
    summary: str = ""


class _Answer(BaseModel):
    model_config = ConfigDict(extra="ignore")
    items: list[_Item]


class ClaudeCliDistiller:
    name = "claude-code"

    def __init__(self, executable: str = "claude", timeout_s: float = 120.0,
                 workdir: Path | None = None) -> None:
        self._executable = executable
        self._timeout_s = timeout_s
        self._workdir = workdir  # None: the caller's (tests); Abzu passes the data home's distill/

    def distill(self, prompt_text: str) -> DistillAnswer:
        found = shutil.which(self._executable)
        if found is None:
            raise DistillerFailed(f"{self._executable!r} is not on PATH")
        offered = offered_options(found, min(self._timeout_s, HELP_TIMEOUT_S))
        chosen = str(uuid.uuid4())
        child = chosen if "--session-id" in offered else None  # known before it answers
        try:
            done = subprocess.run(
                child_argv(found, chosen, offered), input=prompt_text, capture_output=True, text=True,
                timeout=self._timeout_s, check=False, env=child_environment(os.environ),
                cwd=private_folder(self._workdir) if self._workdir else None,
            )
        except subprocess.TimeoutExpired as exc:
            raise DistillerFailed(f"no answer within {self._timeout_s:g} s", child_session_id=child) from exc
        except OSError as exc:
            raise DistillerFailed(f"cannot start {self._executable!r}: {exc}",
                                  child_session_id=child) from exc
        if done.returncode != 0:
            raise DistillerFailed(f"exit code {done.returncode}: {done.stderr.strip()[:200]}",
                                  child_session_id=child)
        return _answer(done.stdout, child)


def _answer(stdout: str, child: str | None) -> DistillAnswer:
    try:
        envelope = json.loads(stdout)
    except ValueError as exc:
        raise DistillerFailed(f"answer is not the asked JSON: {str(exc).splitlines()[0][:200]}",
                              child_session_id=child) from exc
    envelope = envelope if isinstance(envelope, dict) else {}
    tokens, text = usage_tokens(envelope.get("usage")), str(envelope.get("result", ""))
    child = _session_id(envelope.get("session_id")) or child
    if envelope.get("is_error"):
        raise DistillerFailed(f"Claude Code reported an error: {text[:200]}", tokens, child)
    body = _OBJECT.search(text)
    try:
        answer = _Answer.model_validate_json(body.group(0) if body else "")
    except (ValueError, ValidationError) as exc:
        raise DistillerFailed(f"answer is not the asked JSON: {str(exc).splitlines()[0][:200]}",
                              tokens, child) from exc
    return DistillAnswer([(i.category, i.content, i.summary) for i in answer.items], tokens, child)


def _session_id(value: object) -> str | None:
    """The child's session id as Claude Code reported it, if it is one."""
    return value if isinstance(value, str) and re.fullmatch(SESSION_ID_PATTERN, value) else None


_COUNTED = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")


def usage_tokens(usage: Any) -> int:
    """Every token Claude Code reports for the call (0 when it reports none or nonsense)."""
    if not isinstance(usage, dict):
        return 0
    return sum(n for k in _COUNTED if isinstance(n := usage.get(k), int) and n > 0)
