"""The user's own Claude Code, headless, as distiller: `claude -p --output-format json` with the
prompt on stdin (spec §6 "CC distillation"). Claude Code prints one JSON object whose `result`
is the model's text; that text must hold the `{"items": [...]}` object the prompt asked for. Its
`usage` (input, cache and output tokens) is what the daily token cap counts."""

import json
import re
import shutil
import subprocess
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from abzu.application.extraction.distill import DistillAnswer, DistillerFailed

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

    def __init__(self, executable: str = "claude", timeout_s: float = 120.0) -> None:
        self._executable = executable
        self._timeout_s = timeout_s

    def distill(self, prompt_text: str) -> DistillAnswer:
        found = shutil.which(self._executable)
        if found is None:
            raise DistillerFailed(f"{self._executable!r} is not on PATH")
        try:
            done = subprocess.run(
                [found, "-p", "--output-format", "json"], input=prompt_text, capture_output=True,
                text=True, timeout=self._timeout_s, check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise DistillerFailed(f"no answer within {self._timeout_s:g} s") from exc
        if done.returncode != 0:
            raise DistillerFailed(f"exit code {done.returncode}: {done.stderr.strip()[:200]}")
        return _answer(done.stdout)


def _answer(stdout: str) -> DistillAnswer:
    try:
        envelope = json.loads(stdout)
    except ValueError as exc:
        raise DistillerFailed(f"answer is not the asked JSON: {str(exc).splitlines()[0][:200]}") from exc
    envelope = envelope if isinstance(envelope, dict) else {}
    tokens, text = usage_tokens(envelope.get("usage")), str(envelope.get("result", ""))
    if envelope.get("is_error"):
        raise DistillerFailed(f"Claude Code reported an error: {text[:200]}", tokens)
    body = _OBJECT.search(text)
    try:
        answer = _Answer.model_validate_json(body.group(0) if body else "")
    except (ValueError, ValidationError) as exc:
        raise DistillerFailed(f"answer is not the asked JSON: {str(exc).splitlines()[0][:200]}",
                              tokens) from exc
    return DistillAnswer([(i.category, i.content, i.summary) for i in answer.items], tokens)


_COUNTED = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")


def usage_tokens(usage: Any) -> int:
    """Every token Claude Code reports for the call (0 when it reports none or nonsense)."""
    if not isinstance(usage, dict):
        return 0
    return sum(n for k in _COUNTED if isinstance(n := usage.get(k), int) and n > 0)
