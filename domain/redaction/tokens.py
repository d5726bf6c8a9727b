"""High-precision token rules: a provider's prefix and shape, then entropy and an allowlist."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator

from abzu.domain.redaction.base import Hit, Rule, shannon_entropy
from abzu.domain.redaction.checks import has_digit, has_upper_and_lower, left_boundary, not_example


def _token_rule(
    rule_id: str,
    keywords: tuple[str, ...],
    pattern: str,
    *,
    min_entropy: float = 3.0,
    boundary: bool = True,
    accept: Callable[[str], bool] | None = None,
) -> Rule:
    regex = re.compile(pattern)
    group: int | str = "s" if "s" in regex.groupindex else 0

    def scan(text: str) -> Iterator[Hit]:
        for match in regex.finditer(text):
            start, end = match.span(group)
            secret = text[start:end]
            if boundary and not left_boundary(text, match.start()):
                continue
            if shannon_entropy(secret) < min_entropy:
                continue
            if accept is None or accept(secret):
                yield rule_id, start, end

    return Rule(keywords, scan)


def _is_jwt(token: str) -> bool:
    header, payload, _signature = token.split(".", 2)
    return _is_json_object(header) and _is_json_object(payload)


def _is_json_object(segment: str) -> bool:
    try:
        raw = base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))
        return isinstance(json.loads(raw), dict)
    except (ValueError, RecursionError):  # binascii.Error and JSON/Unicode errors are ValueErrors
        return False


# Long, variable-length tokens only start where a run of token characters starts: otherwise a
# text like "eyJeyJeyJ…" would rescan up to the quantifier bound from every occurrence.
_RUN_START = r"(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))"
_ASSIGN_OP = r"(?:\\?[\"'])?[ \t]{0,4}+(?:=>|:=|[:=])[ \t]{0,4}+(?:\\?[\"'])?"

TOKEN_RULES: tuple[Rule, ...] = (
    _token_rule(
        "jwt",
        ("eyj",),
        _RUN_START + r"eyJ[A-Za-z0-9_-]{5,4096}+\.[A-Za-z0-9_-]{4,16384}+\.[A-Za-z0-9_-]{0,4096}+",
        accept=_is_jwt,
    ),
    _token_rule(
        "aws-access-key",
        ("akia", "asia", "abia", "acca"),
        r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])",
        accept=not_example,
    ),
    _token_rule(
        "aws-secret-key",
        ("secret",),
        r"(?i:aws[_.-]?secret[_.-]?(?:access[_.-]?)?key|secret[_.-]?access[_.-]?key)"
        + _ASSIGN_OP
        + r"(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        min_entropy=3.5,
        boundary=False,
        accept=not_example,
    ),
    _token_rule("google-api-key", ("aiza",), r"AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
    _token_rule(
        "google-oauth-client-secret", ("gocspx-",), r"GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])"
    ),
    _token_rule("google-oauth-token", ("ya29.",), r"ya29\.[0-9A-Za-z_-]{30,2048}+"),
    _token_rule(
        "azure-client-secret",
        ("q~",),
        r"[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34}+(?![a-zA-Z0-9_~-])",
    ),
    _token_rule("github-pat", ("ghp_",), r"ghp_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _token_rule("github-oauth", ("gho_",), r"gho_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _token_rule("github-app-token", ("ghu_", "ghs_"), r"gh[us]_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _token_rule("github-refresh-token", ("ghr_",), r"ghr_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _token_rule(
        "github-fine-grained-pat", ("github_pat_",), r"github_pat_[A-Za-z0-9_]{82}(?![A-Za-z0-9_])"
    ),
    _token_rule(
        "gitlab-pat", ("glpat-",), r"glpat-[A-Za-z0-9_-]{20,64}+(?:\.[A-Za-z0-9_-]{2,40}+)?"
    ),
    _token_rule("npm-token", ("npm_",), r"npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _token_rule("pypi-token", ("pypi-age",), r"pypi-AgE[A-Za-z0-9_-]{50,1000}+"),
    _token_rule(
        "anthropic-api-key",
        ("sk-ant-",),
        r"sk-ant-(?:api|admin|oat|ort|sid)\d{2}-[A-Za-z0-9_-]{32,200}+",
    ),
    _token_rule(
        "openai-api-key",
        ("sk-",),
        _RUN_START + r"sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,250}+"
        r"|[A-Za-z0-9]{48}(?![A-Za-z0-9])"
        r"|[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}+)",
    ),
    _token_rule("groq-api-key", ("gsk_",), r"gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])"),
    _token_rule(
        "huggingface-token",
        ("hf_",),
        r"hf_[A-Za-z]{34}(?![A-Za-z0-9])",
        accept=has_upper_and_lower,
    ),
    _token_rule("slack-token", ("xox",), r"xox[abposr]-[0-9A-Za-z-]{10,250}+", accept=has_digit),
    _token_rule(
        "slack-webhook",
        ("hooks.slack.com",),
        r"hooks\.slack\.com/(?P<s>(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,200}+)",
        boundary=False,
    ),
    _token_rule(
        "stripe-secret-key",
        ("_live_", "_test_", "_prod_"),
        r"[sr]k_(?:live|test|prod)_[A-Za-z0-9]{16,247}+(?![A-Za-z0-9_])",
    ),
    _token_rule(
        "sendgrid-api-key",
        ("sg.",),
        r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])",
    ),
    _token_rule(
        "telegram-bot-token",
        (":aa",),
        r"(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])",
        boundary=False,  # appears as https://api.telegram.org/bot<token>/…
    ),
    _token_rule("docker-pat", ("dckr_pat_",), r"dckr_pat_[A-Za-z0-9_-]{27}(?![A-Za-z0-9_-])"),
    _token_rule("databricks-token", ("dapi",), r"dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])"),
    _token_rule("digitalocean-token", ("_v1_",), r"do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9])"),
    _token_rule("shopify-token", ("shp",), r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9])"),
    _token_rule("linear-api-key", ("lin_api_",), r"lin_api_[A-Za-z0-9]{40}(?![A-Za-z0-9])"),
    _token_rule(
        "age-secret-key",
        ("age-secret-key-1",),
        r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
    ),
)
