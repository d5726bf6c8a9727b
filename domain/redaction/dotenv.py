""".env lines: SOME_SIGNING_KEY=9f8a…"""

from __future__ import annotations

import re
from collections.abc import Iterator

from abzu.domain.redaction.base import Hit, shannon_entropy
from abzu.domain.redaction.checks import is_path, is_placeholder

_ENV_KEY_RE = re.compile(r"(?:(?<![\w$.\-])|(?<=\\n))(?P<key>[A-Z_][A-Z0-9_]{0,80}+)=")
_ENV_VALUE_RE = re.compile(
    r"(?P<q>[\"'])(?P<qv>[^\"'\\\r\n]{1,512}+)(?P=q)|(?P<bv>[^\s\"'`#;&,\\=]{1,512}+={0,2}+)"
)
_ENV_KEY_WORDS = ("KEY", "SECRET", "TOKEN", "PASS")


def scan_env(text: str) -> Iterator[Hit]:
    for match in _ENV_KEY_RE.finditer(text):
        if not any(word in match.group("key") for word in _ENV_KEY_WORDS):
            continue
        value = _ENV_VALUE_RE.match(text, match.end())
        if value is None:
            continue
        group = "qv" if value.group("qv") is not None else "bv"
        if _is_env_secret(value.group(group)):
            yield "env-secret", value.start(group), value.end(group)


def _is_env_secret(value: str) -> bool:
    if len(value) < 12 or shannon_entropy(value) < 3.5 or is_placeholder(value):
        return False
    return "://" not in value and not is_path(value) and value[0] not in "/~."
