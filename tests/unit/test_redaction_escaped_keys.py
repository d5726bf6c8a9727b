"""Assignments right after a JSON-escaped newline are redacted like any other.

Tool output in a transcript line is a JSON string: a `.env` dump reads `…\\napi_key=…`. The key
is "api_key", not "napi_key" (which names nothing and used to hide the secret).
"""

from __future__ import annotations

import json

import pytest

from abzu.domain.redaction import redact

SECRET = "Zx9Kq2Lm7Pw4Rt8Yv3Nb"


@pytest.mark.parametrize(
    ("key", "rule"),
    [
        ("api_key", "api-key-assignment"),
        ("private_key", "secret-assignment"),
        ("access_key", "api-key-assignment"),
        ("auth", "token-assignment"),
        ("token", "token-assignment"),
    ],
)
def test_a_key_after_an_escaped_newline_is_found(key: str, rule: str) -> None:
    line = json.dumps({"type": "tool_result", "content": f"DEBUG=1\n{key}={SECRET}\nPORT=8080"})

    result = redact(line)

    assert SECRET not in result.text
    assert f"[REDACTED:{rule}:" in result.text


def test_a_key_starting_with_n_after_a_backslash_keeps_its_name() -> None:
    line = json.dumps({"content": f"x\nnpm_token={SECRET}"})

    result = redact(line)

    assert SECRET not in result.text
