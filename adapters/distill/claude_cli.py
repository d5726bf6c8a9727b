"""The user's own Claude Code, headless, as distiller: `claude -p --output-format json` with the
prompt on stdin (spec §6 "CC distillation"). Claude Code prints one JSON object whose `result`
is the model's text; that text must hold the `{"items": [...]}` object the prompt asked for."""

import json
import re
import shutil
import subprocess
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, ValidationError

from abzu.application.extraction.distill import DistillerFailed

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

    def distill(self, prompt_text: str) -> Sequence[tuple[str, str, str]]:
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
        return _items(done.stdout)


def _items(stdout: str) -> list[tuple[str, str, str]]:
    try:
        envelope = json.loads(stdout)
        text = envelope.get("result", "") if isinstance(envelope, dict) else ""
        if isinstance(envelope, dict) and envelope.get("is_error"):
            raise DistillerFailed(f"Claude Code reported an error: {str(text)[:200]}")
        body = _OBJECT.search(str(text))
        answer = _Answer.model_validate_json(body.group(0) if body else "")
    except (ValueError, ValidationError) as exc:
        raise DistillerFailed(f"answer is not the asked JSON: {str(exc).splitlines()[0][:200]}") from exc
    return [(i.category, i.content, i.summary) for i in answer.items]
