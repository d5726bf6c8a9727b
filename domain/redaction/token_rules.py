"""High-precision token rules: a provider's prefix and shape, then entropy and an allowlist.

Each rule's gate is a necessary condition read off its regex: every match contains one of the
needles (case-sensitive, as the regex is) and a run of `[A-Za-z0-9_-]` characters at least
`min_run` long (prefix and body counted; `upper_run` for `[A-Z0-9]`). Ordinary text rarely has
runs that long, so most texts skip the needle searches altogether.
"""

from __future__ import annotations

from collections.abc import Iterator

from abzu.domain.redaction.base import Rule
from abzu.domain.redaction.checks import has_digit, has_upper_and_lower, not_example
from abzu.domain.redaction.gates import needles_gate, words_gate
from abzu.domain.redaction.haystack import Haystack
from abzu.domain.redaction.tokens import ASSIGN_OP, is_jwt, run_start, token_rule


def _aws_secret_starts(hay: Haystack) -> Iterator[int]:
    # "secret…access…key" starts at "secret"; "aws…secret…key" three or four before it.
    for secret in hay.positions("secret"):
        yield secret
        for aws in (secret - 3, secret - 4):
            if aws >= 0 and hay.folded.startswith(b"aws", aws):
                yield aws


def _github(rule_id: str, prefixes: tuple[str, ...], pattern: str) -> Rule:
    return token_rule(rule_id, needles_gate(prefixes, min_run=40), pattern)


TOKEN_RULES: tuple[Rule, ...] = (
    token_rule(
        "jwt",
        needles_gate(("eyJ",), guard="J", min_run=8),
        run_start("eyJ") + r"[A-Za-z0-9_-]{5,4096}+\.[A-Za-z0-9_-]{4,16384}+\.[A-Za-z0-9_-]{0,4096}+",
        accept=is_jwt,
    ),
    token_rule(
        "aws-access-key",
        needles_gate(("AKIA", "ASIA", "ABIA", "ACCA"), upper_run=20),
        r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])",
        accept=not_example,
    ),
    token_rule(
        "aws-secret-key",
        words_gate("secret"),
        r"(?i:aws[_.-]?secret[_.-]?(?:access[_.-]?)?key|secret[_.-]?access[_.-]?key)"
        + ASSIGN_OP
        + r"(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        min_entropy=3.5,
        boundary=False,
        accept=not_example,
        starts=_aws_secret_starts,
    ),
    token_rule(
        "google-api-key",
        needles_gate(("AIza",), min_run=39),
        r"AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])",
    ),
    token_rule(
        "google-oauth-client-secret",
        needles_gate(("GOCSPX-",), min_run=35),
        r"GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])",
    ),
    token_rule(
        "google-oauth-token",
        needles_gate(("ya29.",), min_run=30),
        r"ya29\.[0-9A-Za-z_-]{30,2048}+",
    ),
    token_rule(
        "azure-client-secret",
        needles_gate(("Q~",), guard="~"),
        r"[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34}+(?![a-zA-Z0-9_~-])",
    ),
    _github("github-pat", ("ghp_",), r"ghp_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _github("github-oauth", ("gho_",), r"gho_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _github("github-app-token", ("ghu_", "ghs_"), r"gh[us]_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _github("github-refresh-token", ("ghr_",), r"ghr_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    token_rule(
        "github-fine-grained-pat",
        needles_gate(("github_pat_",), min_run=93),
        r"github_pat_[A-Za-z0-9_]{82}(?![A-Za-z0-9_])",
    ),
    token_rule(
        "gitlab-pat",
        needles_gate(("glpat-",), min_run=26),
        r"glpat-[A-Za-z0-9_-]{20,64}+(?:\.[A-Za-z0-9_-]{2,40}+)?",
    ),
    token_rule("npm-token", needles_gate(("npm_",), min_run=40), r"npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    token_rule("pypi-token", needles_gate(("pypi-AgE",), min_run=58), r"pypi-AgE[A-Za-z0-9_-]{50,1000}+"),
    token_rule(
        "anthropic-api-key",
        needles_gate(("sk-ant-",), min_run=45),
        r"sk-ant-(?:api|admin|oat|ort|sid)\d{2}-[A-Za-z0-9_-]{32,200}+",
    ),
    token_rule(
        "openai-api-key",
        needles_gate(("sk-",), min_run=48),
        run_start("sk-") + r"(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,250}+"
        r"|[A-Za-z0-9]{48}(?![A-Za-z0-9])"
        r"|[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}+)",
    ),
    token_rule("groq-api-key", needles_gate(("gsk_",), min_run=56), r"gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])"),
    token_rule(
        "huggingface-token",
        needles_gate(("hf_",), min_run=37),
        r"hf_[A-Za-z]{34}(?![A-Za-z0-9])",
        accept=has_upper_and_lower,
    ),
    token_rule(
        "slack-token",
        needles_gate(("xox",)),
        r"xox[abposr]-[0-9A-Za-z-]{10,250}+",
        accept=has_digit,
    ),
    token_rule(
        "slack-webhook",
        needles_gate(("hooks.slack.com",)),
        r"hooks\.slack\.com/(?P<s>(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,200}+)",
        boundary=False,
    ),
    token_rule(
        "stripe-secret-key",
        needles_gate(("k_live_", "k_test_", "k_prod_"), min_run=24),
        r"[sr]k_(?:live|test|prod)_[A-Za-z0-9]{16,247}+(?![A-Za-z0-9_])",
    ),
    token_rule(
        "sendgrid-api-key",
        needles_gate(("SG.",)),  # its long run comes 26 after the needle: searched everywhere
        r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])",
    ),
    token_rule(
        "telegram-bot-token",
        needles_gate((":AA",), min_run=35),
        r"(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])",
        boundary=False,  # appears as https://api.telegram.org/bot<token>/…
    ),
    token_rule(
        "docker-pat",
        needles_gate(("dckr_pat_",), min_run=36),
        r"dckr_pat_[A-Za-z0-9_-]{27}(?![A-Za-z0-9_-])",
    ),
    token_rule(
        "databricks-token",
        needles_gate(("dapi",), min_run=36),
        r"dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])",
    ),
    token_rule(
        "digitalocean-token",
        needles_gate(("_v1_",), min_run=71),
        r"do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9])",
    ),
    token_rule(
        "shopify-token",
        needles_gate(("shp",), min_run=38),
        r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9])",
    ),
    token_rule(
        "linear-api-key",
        needles_gate(("lin_api_",), min_run=48),
        r"lin_api_[A-Za-z0-9]{40}(?![A-Za-z0-9])",
    ),
    token_rule(
        "age-secret-key",
        needles_gate(("AGE-SECRET-KEY-1",), min_run=74),
        r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
    ),
)
