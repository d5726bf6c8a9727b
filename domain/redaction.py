"""Secret redaction: no credential reaches storage.

Every rule follows the gitleaks recipe: a cheap keyword prefilter on the lower-cased text (the
regex is skipped when no keyword occurs), a linear-time regex (bounded quantifiers only,
possessive wherever backtracking could compound), then where useful a Shannon-entropy gate
and an allowlist. Contextual rules (`password = …`, prose, `.env` lines) add checks on the key
name and on the value's shape, because ordinary code is full of `token = …`. Each secret is
replaced by ``[REDACTED:<rule-id>:<first 4 hex of sha256(secret)>]``: stable enough to
deduplicate on, useless to an attacker.
"""

from __future__ import annotations

import base64
import bisect
import functools
import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    start: int  # offset in the ORIGINAL text
    end: int


@dataclass(frozen=True, slots=True)
class Redacted:
    text: str
    findings: tuple[Finding, ...]

    @property
    def changed(self) -> bool:
        return bool(self.findings)


def redact(text: str) -> Redacted:
    """Replace every secret in ``text`` by its marker; redacting the result changes nothing."""
    findings: list[Finding] = []
    current = text
    # A marker changes the characters around a neighbouring candidate (word boundaries,
    # look-arounds), so rescan until nothing new appears: that makes redact idempotent.
    for _ in range(_MAX_PASSES):
        fresh = _scan(current)
        if not fresh:
            break
        findings = sorted([*findings, *_to_original(fresh, findings)], key=_by_start)
        current = _apply(text, findings)
    return Redacted(current, tuple(findings))


def marker(rule: str, secret: str) -> str:
    digest = hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()
    return f"[REDACTED:{rule}:{digest[:4]}]"


def shannon_entropy(value: str) -> float:
    if not value:
        return 0.0
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in Counter(value).values())


# --------------------------------------------------------------------------------------------
# Engine

_MAX_PASSES = 3
_MARKER_RE = re.compile(r"\[REDACTED:[a-z0-9-]{1,64}+:[0-9a-f]{4}\]")
_MASK = "\x00"

_Hit = tuple[str, int, int]
_Scanner = Callable[[str], Iterator[_Hit]]


@dataclass(frozen=True, slots=True)
class _Rule:
    keywords: tuple[str, ...]  # lower-case; the scanner only runs when one of them occurs
    scan: _Scanner


@dataclass(frozen=True, slots=True)
class _Candidate:
    start: int
    end: int
    priority: int
    rule: str


def _by_start(finding: Finding) -> int:
    return finding.start


def _scan(text: str) -> list[Finding]:
    protected = [m.span() for m in _MARKER_RE.finditer(text)] if "[REDACTED:" in text else []
    # Existing markers are masked so their rule ids ("password-…", "…-token") never act as
    # context keywords, and any candidate touching one is dropped.
    view = _mask(text, protected)
    lowered = view.lower()
    candidates: list[_Candidate] = []
    for priority, rule in enumerate(_RULES):
        if not any(keyword in lowered for keyword in rule.keywords):
            continue
        for rule_id, start, end in rule.scan(view):
            if start < end and not _overlaps(protected, start, end):
                candidates.append(_Candidate(start, end, priority, rule_id))
    return _merge(candidates)


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return text
    pieces: list[str] = []
    cursor = 0
    for start, end in spans:
        pieces += [text[cursor:start], _MASK * (end - start)]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    index = bisect.bisect_left(spans, (end, -1)) - 1
    return index >= 0 and spans[index][1] > start


def _merge(candidates: list[_Candidate]) -> list[Finding]:
    """Fuse overlapping candidates into one finding covering their union.

    The union (not just the winner's span) is redacted so that no fragment of a secret leaks;
    the longest candidate names the rule, ties going to the more specific (earlier) rule.
    """
    candidates.sort(key=lambda c: (c.start, -c.end, c.priority))
    findings: list[Finding] = []
    cluster: list[_Candidate] = []
    cluster_end = -1
    for candidate in candidates:
        if cluster and candidate.start >= cluster_end:
            findings.append(_fuse(cluster))
            cluster = []
        cluster.append(candidate)
        cluster_end = max(cluster_end, candidate.end)
    if cluster:
        findings.append(_fuse(cluster))
    return findings


def _fuse(cluster: list[_Candidate]) -> Finding:
    best = min(cluster, key=lambda c: (c.start - c.end, c.priority, c.start))
    return Finding(best.rule, min(c.start for c in cluster), max(c.end for c in cluster))


def _marker_length(rule: str) -> int:
    return len("[REDACTED:") + len(rule) + len(":0000]")


def _to_original(fresh: list[Finding], done: list[Finding]) -> list[Finding]:
    """Map findings made on an already-redacted text back to offsets in the original."""
    marker_ends: list[int] = []
    growth: list[int] = []
    total = 0
    for finding in done:
        start_now = finding.start + total
        total += _marker_length(finding.rule) - (finding.end - finding.start)
        marker_ends.append(start_now + _marker_length(finding.rule))
        growth.append(total)
    mapped: list[Finding] = []
    for finding in fresh:
        index = bisect.bisect_right(marker_ends, finding.start) - 1
        shift = growth[index] if index >= 0 else 0
        mapped.append(Finding(finding.rule, finding.start - shift, finding.end - shift))
    return mapped


def _apply(text: str, findings: list[Finding]) -> str:
    pieces: list[str] = []
    cursor = 0
    for finding in findings:
        secret = text[finding.start : finding.end]
        pieces += [text[cursor : finding.start], marker(finding.rule, secret)]
        cursor = finding.end
    pieces.append(text[cursor:])
    return "".join(pieces)


# --------------------------------------------------------------------------------------------
# Shared checks

_PLACEHOLDER_WORDS = frozenset(
    {
        "password", "passwd", "pass", "pwd", "secret", "token", "user", "username", "changeme",
        "redacted", "none", "null", "nil", "undefined", "placeholder", "example", "dummy",
        "hidden", "masked", "empty", "required", "optional", "default", "string", "value",
    }
)  # fmt: skip
# Substrings of values that are documentation, fixtures or references rather than credentials.
_PLACEHOLDER_HINTS = (
    "example", "placeholder", "changeme", "change_me", "change-me", "your_", "your-", "yourpass",
    "yourtoken", "yoursecret", "<", "{{", "${", "$(", "%(", "environ", "getenv", "process.env",
    "xxxx", "****", "...", "redacted", "dummy", "insert_", "insert-", "replace_", "replace-",
    "fake", "mock", "sample", "test", "secret", "token", "password", "passwd", "apikey",
    "api_key", "api-key", "privatekey", "private_key", "credential",
)  # fmt: skip
_PLACEHOLDER_HINT_RE = re.compile("|".join(re.escape(hint) for hint in _PLACEHOLDER_HINTS))
_SHELL_VAR_RE = re.compile(r"\$(?:env:)?[A-Za-z_][A-Za-z0-9_]{0,80}+")
# One word of a name: "tok", "hop1", "Secret", "AWS"; random text rarely has this shape.
_NATURAL_WORD_RE = re.compile(
    r"[A-Z]{0,2}+[a-z]{1,512}+(?:[A-Z]{1,2}+[a-z]{2,512}+){0,256}+[A-Z]?+\d{0,3}+"
    r"|[A-Z]{1,64}+\d{0,3}+|\d{1,3}+"
)
_ALNUM_RUN_RE = re.compile(r"[A-Za-z0-9]{1,512}+")
_SEPARATORS = frozenset(" _-.")


def _is_placeholder(value: str) -> bool:
    low = value.strip().lower()
    if len(set(low)) <= 2 or low in _PLACEHOLDER_WORDS:
        return True
    if low[0] in "{<[" or low.startswith("%s") or _SHELL_VAR_RE.fullmatch(value.strip()):
        return True
    return _PLACEHOLDER_HINT_RE.search(low) is not None


def _is_wordy(value: str) -> bool:
    """Made of name-like words (`tok_err_2`, `clientSecret`, `grant-type:jwt`), not random."""
    return all(_NATURAL_WORD_RE.fullmatch(run) for run in _ALNUM_RUN_RE.findall(value))


def _is_password_like(value: str) -> bool:
    # Human passwords are too short for entropy; a digit or a symbol is what sets them apart
    # from the words and names that fill ordinary text.
    return _has_digit(value) or any(not ch.isalnum() and ch not in _SEPARATORS for ch in value)


def _looks_like_code(value: str, following: str) -> bool:
    if following in ("(", "["):  # a call or an index
        return True
    core = value.rstrip(":")
    if core.isdigit():
        return True
    if all(part.isidentifier() for part in core.split(".")):
        return "." in core or not _has_digit(core)  # self.token, Optional, get_password
    return False


def _is_path(value: str) -> bool:
    return value.startswith(("/", "./", "../", "~/")) and value.count("/") >= 2


def _left_boundary(text: str, start: int) -> bool:
    if start == 0 or not text[start - 1].isalnum():
        return True
    # A JSON-escaped newline or tab right before the token: `"…\nghp_…"`.
    return start >= 2 and text[start - 2] == "\\" and text[start - 1] in "nrt"


def _has_digit(value: str) -> bool:
    return any(ch.isdigit() for ch in value)


def _has_letter(value: str) -> bool:
    return any(ch.isalpha() for ch in value)


def _has_upper_and_lower(value: str) -> bool:
    return any(ch.isupper() for ch in value) and any(ch.islower() for ch in value)


def _not_example(value: str) -> bool:
    return "EXAMPLE" not in value.upper()


def _looks_random(value: str, min_length: int) -> bool:
    return (
        len(value) >= min_length
        and _has_digit(value)
        and _has_letter(value)
        and shannon_entropy(value) >= 3.0
        and "://" not in value
        and not _is_placeholder(value)
        and not _is_wordy(value)
    )


# --------------------------------------------------------------------------------------------
# High-precision token rules


def _token_rule(
    rule_id: str,
    keywords: tuple[str, ...],
    pattern: str,
    *,
    min_entropy: float = 3.0,
    boundary: bool = True,
    accept: Callable[[str], bool] | None = None,
) -> _Rule:
    regex = re.compile(pattern)
    group: int | str = "s" if "s" in regex.groupindex else 0

    def scan(text: str) -> Iterator[_Hit]:
        for match in regex.finditer(text):
            start, end = match.span(group)
            secret = text[start:end]
            if boundary and not _left_boundary(text, match.start()):
                continue
            if shannon_entropy(secret) < min_entropy:
                continue
            if accept is None or accept(secret):
                yield rule_id, start, end

    return _Rule(keywords, scan)


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

_TOKEN_RULES: tuple[_Rule, ...] = (
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
        accept=_not_example,
    ),
    _token_rule(
        "aws-secret-key",
        ("secret",),
        r"(?i:aws[_.-]?secret[_.-]?(?:access[_.-]?)?key|secret[_.-]?access[_.-]?key)"
        + _ASSIGN_OP
        + r"(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        min_entropy=3.5,
        boundary=False,
        accept=_not_example,
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
        accept=_has_upper_and_lower,
    ),
    _token_rule("slack-token", ("xox",), r"xox[abposr]-[0-9A-Za-z-]{10,250}+", accept=_has_digit),
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


# --------------------------------------------------------------------------------------------
# PEM private keys (multi-line, possibly JSON-escaped or truncated)

_PEM_BEGIN_RE = re.compile(r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_END_RE = re.compile(r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_BODY_RE = re.compile(r"[A-Za-z0-9+/=\s\\]{0,20000}+")
_PEM_KEY_MATERIAL_RE = re.compile(r"[A-Za-z0-9+/]{32}")
_PEM_MAX_BLOCK = 65536


def _scan_pem(text: str) -> Iterator[_Hit]:
    # END positions are collected once and looked up by bisection: scanning forward from
    # every BEGIN would be quadratic on a text made of BEGIN lines.
    ends = [m.end() for m in _PEM_END_RE.finditer(text)]
    cursor = 0
    for begin in _PEM_BEGIN_RE.finditer(text):
        if begin.start() < cursor:
            continue
        end = _pem_block_end(text, begin, ends)
        # Code that merely names the markers ("-----BEGIN PRIVATE KEY-----", "…") has no body.
        if _PEM_KEY_MATERIAL_RE.search(text, begin.end(), end):
            cursor = end
            yield "private-key", begin.start(), end


def _pem_block_end(text: str, begin: re.Match[str], ends: list[int]) -> int:
    index = bisect.bisect_left(ends, begin.end())
    if index < len(ends) and ends[index] - begin.start() <= _PEM_MAX_BLOCK:
        return ends[index]
    # A truncated key: the header and whatever base64 body follows it.
    body = _PEM_BODY_RE.match(text, begin.end())
    return begin.end() + len(body.group().rstrip()) if body else begin.end()


# --------------------------------------------------------------------------------------------
# Credentials inside URLs and Authorization headers

_URL_CREDENTIALS_RE = re.compile(
    r"://[^\s:/?#@\[\]\"'<>]{0,256}+:(?P<s>[^\s/?#@\"'<>]{1,256}+)@(?=[A-Za-z0-9\[])"
)


def _scan_url_credentials(text: str) -> Iterator[_Hit]:
    for match in _URL_CREDENTIALS_RE.finditer(text):
        password = match.group("s")
        if _is_url_password(password):
            yield "url-credentials", match.start("s"), match.end("s")


def _is_url_password(value: str) -> bool:
    if len(value) < 6 or _is_placeholder(value):
        return False
    return _is_password_like(value) or len(value) >= 16  # not scott:tiger, postgres:postgres


_CLI_USER_RE = re.compile(
    r"(?<!\S)(?:-u|--user)[ \t=]{1,3}+[\"']?[^\s:\"'$]{1,64}+:(?P<s>[^\s\"']{1,256}+)"
)


def _scan_cli_user(text: str) -> Iterator[_Hit]:
    # curl -u user:password, wget --user=… : basic-auth credentials on a command line.
    for match in _CLI_USER_RE.finditer(text):
        password = match.group("s")
        if not password.isdigit() and _is_url_password(password):  # not docker -u 1000:1000
            yield "basic-auth", match.start("s"), match.end("s")


_AUTH_SCHEME_RE = re.compile(
    r"(?i:\b(?P<scheme>bearer|basic|token))[ \t]{1,5}+(?P<s>[A-Za-z0-9._~+/-]{8,4096}+={0,2})"
)


def _scan_authorization(text: str) -> Iterator[_Hit]:
    for match in _AUTH_SCHEME_RE.finditer(text):
        scheme, value = match.group("scheme").lower(), match.group("s")
        in_header = "authoriz" in text[max(0, match.start() - 40) : match.start()].lower()
        if scheme == "basic":
            accepted, rule = _is_basic_credential(value), "basic-auth"
        elif in_header:
            accepted = not (_is_placeholder(value) or _is_wordy(value))
            rule = "bearer-token"
        else:  # a bare "Bearer xyz" in prose must look like a real token
            accepted, rule = scheme == "bearer" and _looks_random(value, 16), "bearer-token"
        if accepted:
            yield rule, match.start("s"), match.end("s")


def _is_basic_credential(value: str) -> bool:
    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except ValueError:
        return False
    _user, colon, password = decoded.partition(":")
    return bool(colon) and bool(password) and decoded.isprintable()


# --------------------------------------------------------------------------------------------
# Contextual assignments: password = "…", "api_key": "…", --token …

# Keys and values are matched separately: a rejected value must not swallow the text after
# it, which may hold the real assignment (`https://host/cb?token=…`, `--verbose --token …`).
_ASSIGN_KEY_RE = re.compile(
    r"(?:(?<![\w.-])|(?<=\\[nrt]))(?P<key>[A-Za-z_][\w.-]{0,80}+)(?:\\?[\"'`])?\]?"
    # an optional type annotation: `password: str = "…"`
    r"(?:[ \t]{0,4}+:[ \t]{0,4}+[A-Za-z_][\w.\[\], |]{0,40}+(?==[^=>]))?"
    r"[ \t]{0,4}+(?P<op>=>|:=|=(?!=)|:(?!//))[ \t]{0,4}+"
)
_FLAG_KEY_RE = re.compile(r"(?<![\w-])--(?P<key>[A-Za-z][\w-]{0,40}+)[ \t=]{1,3}+")
# A bare value stops at the next "=" (after `key:`, also at the next ":"), keeping base64
# padding: `a=b=c` is a chain of assignments, and every character is read a bounded number
# of times however the keys repeat.
_QUOTED_VALUE = r"(?P<q>\\?[\"'`])(?P<qv>[^\"'`\\\r\n]{1,512}+)(?P=q)"
_VALUE_RE = re.compile(_QUOTED_VALUE + r"|(?P<bv>[^\s\"'`,;&|<>(){}\[\]\\=]{1,512}+={0,2}+)")
_VALUE_AFTER_COLON_RE = re.compile(
    _QUOTED_VALUE + r"|(?P<bv>[^\s\"'`,;&|<>(){}\[\]\\=:]{1,512}+={0,2}+)"
)
_KEY_HINTS = ("pass", "secret", "token", "key", "auth", "pwd")
_KEY_PART_RE = re.compile(r"[A-Z]{1,90}(?![a-z])|[A-Z]?[a-z]{1,90}+|\d{1,90}+")
# "<owner>_key" names that hold a secret, and the rule they map to.
_KEY_OWNERS = {
    "api": "api-key-assignment",
    "access": "api-key-assignment",
    "auth": "api-key-assignment",
    "secret": "secret-assignment",
    "private": "secret-assignment",
    "signing": "secret-assignment",
    "encryption": "secret-assignment",
    "master": "secret-assignment",
}
# Words after the secret word that make the value metadata about a secret: token_url, ...
_KEY_STOP_AFTER = frozenset(
    {
        "url", "uri", "endpoint", "host", "server", "path", "file", "filename", "dir", "name",
        "names", "type", "types", "len", "length", "count", "counts", "limit", "limits", "size",
        "budget", "field", "env", "var", "header", "prefix", "suffix", "regex", "pattern",
        "policy", "min", "max", "ttl", "expiry", "expires", "expiration", "lifetime", "timeout",
        "age", "in", "at", "id", "ids", "format", "mode", "source", "provider", "supplier",
        "method", "scope", "scopes", "kind", "label", "usage", "index", "enabled", "required",
        "ref", "version", "store", "manager", "backend", "arn", "location", "info", "class",
        "factory", "callback", "handler", "loader", "getter", "validator", "schema", "model",
        "param", "params", "arg", "args", "option", "options", "flag", "config", "settings",
        "status", "state", "error", "exception", "request", "response", "client", "service",
        "generator", "parser", "lexer", "stream", "position", "offset", "start", "end",
        "category", "rotation", "created", "updated", "set", "list", "map", "dict",
    }
)  # fmt: skip
# Words before the secret word that name something that is not a credential: page_token, ...
_KEY_STOP_BEFORE = frozenset(
    {
        "page", "next", "prev", "previous", "continuation", "sync", "upgrade", "downgrade",
        "cancel", "cancellation", "pad", "bos", "eos", "unk", "mask", "sep", "cls", "special",
        "start", "end", "stop", "input", "output", "max", "min", "num", "total", "prompt",
        "completion", "public", "lexer", "parser", "last", "first", "current",
    }
)  # fmt: skip


def _scan_assignments(text: str) -> Iterator[_Hit]:
    for pattern in (_ASSIGN_KEY_RE, _FLAG_KEY_RE):
        for match in pattern.finditer(text):
            if text.endswith("://", 0, match.start()):
                continue  # user:password@ inside a URL belongs to the url-credentials rule
            value_re = _VALUE_RE if match.groupdict().get("op") != ":" else _VALUE_AFTER_COLON_RE
            hit = _assignment_hit(text, match.group("key"), value_re, match.end())
            if hit is not None:
                yield hit


def _assignment_hit(text: str, key: str, value_re: re.Pattern[str], position: int) -> _Hit | None:
    rule = _classify_key(key)
    value = value_re.match(text, position) if rule is not None else None
    if rule is None or value is None:
        return None
    group = "qv" if value.group("qv") is not None else "bv"
    start, end = value.span(group)
    following = text[end : end + 1] if group == "bv" else ""
    if not _is_assigned_secret(text[start:end], rule, following):
        return None
    return rule, start, end


@functools.lru_cache(maxsize=4096)  # the same few key names recur throughout a text
def _classify_key(key: str) -> str | None:
    """The rule a key like `DB_PASSWORD`, `apiKey` or `client_secret` points to, if any."""
    if not any(hint in key.lower() for hint in _KEY_HINTS):
        return None
    parts = [part.lower() for part in _KEY_PART_RE.findall(key)]
    for index in range(len(parts) - 1, -1, -1):
        anchor = _anchor(parts, index)
        if anchor is None:
            continue
        rule, first = anchor
        if _KEY_STOP_AFTER.intersection(parts[index + 1 :]):
            return None
        if first > 0 and parts[first - 1] in _KEY_STOP_BEFORE:
            return None
        if rule != "password-assignment" and "secret" in key.lower():
            # AZURE_CLIENT_SECRET, AWS_SECRET_ACCESS_KEY
            return "azure-client-secret" if "azure" in parts else "secret-assignment"
        return rule
    return None


def _anchor(parts: list[str], index: int) -> tuple[str, int] | None:
    part, last = parts[index], index == len(parts) - 1
    # PWD alone is the working directory; DB_PASS and MYSQL_PWD are passwords.
    if part.endswith(("password", "passwd", "passphrase")) or (
        last and index > 0 and part in ("pass", "pwd")
    ):
        return "password-assignment", index
    if part.endswith("secret"):
        return "secret-assignment", index
    if part.endswith("token"):
        return "token-assignment", index
    if part == "apikey":
        return "api-key-assignment", index
    if part == "key" and index > 0 and parts[index - 1] in _KEY_OWNERS:
        return _KEY_OWNERS[parts[index - 1]], index - 1
    if part == "auth" and len(parts) == 1:  # docker's config.json: "auth": "<base64>"
        return "token-assignment", index
    return None


def _is_assigned_secret(value: str, rule: str, following: str) -> bool:
    if len(value) < 8 or _is_placeholder(value) or "://" in value or _is_path(value):
        return False
    if following and _looks_like_code(value, following):
        return False
    if any(ch.isspace() for ch in value):
        return False  # prose or a style string ("bold #13c842"), not a credential
    if rule == "password-assignment":
        return _is_password_like(value)
    return not _is_wordy(value)


# --------------------------------------------------------------------------------------------
# Prose: "the password for the staging db is hunter2!"

_PROSE_KEYWORD_RE = re.compile(
    r"(?i:\b(?P<kw>password|passwd|passphrase|passcode|token|secret|api[ _-]?key))(?=[ \t:])"
    # cheap pre-check that a link word follows on the same line, before any Python work
    r"(?=[^\n]{0,160}?(?i:[ \t](?:is|was|are)[ \t]|:))"
)
_WORD_RE = re.compile(r"\S{1,200}+")
_PROSE_VALUE_RE = re.compile(
    r"[ \t]{0,4}+(?:\\?\"(?P<dq>[^\"\n\\]{1,200}+)\\?\"|'(?P<sq>[^'\n\\]{1,200}+)'"
    r"|`(?P<bq>[^`\n\\]{1,200}+)`|(?P<bare>[^\s\\]{1,200}+))"
)
_PROSE_LINKS = frozenset({"is", "was", ":", "are"})
_PROSE_WINDOW = 200
_PROSE_MAX_WORDS = 8


def _scan_prose(text: str) -> Iterator[_Hit]:
    for match in _PROSE_KEYWORD_RE.finditer(text):
        span = _prose_value_span(text, match.end())
        if span is None:
            continue
        value = text[span[0] : span[1]]
        if any(ch in "()[]{}<>" for ch in value):
            continue
        if match.group("kw").lower().startswith("pass"):
            if _is_prose_password(value):
                yield "password-prose", span[0], span[1]
        elif _looks_random(value, 12):
            yield "secret-prose", span[0], span[1]


def _prose_value_span(text: str, position: int) -> tuple[int, int] | None:
    newline = text.find("\n", position, position + _PROSE_WINDOW)
    limit = newline if newline != -1 else min(len(text), position + _PROSE_WINDOW)
    for index, word in enumerate(_WORD_RE.finditer(text, position, limit)):
        if index >= _PROSE_MAX_WORDS:
            return None
        token = word.group().lower()
        if token in _PROSE_LINKS or (token.endswith(":") and len(token) > 1):
            return _prose_value_at(text, word.end(), limit)
    return None


def _prose_value_at(text: str, position: int, limit: int) -> tuple[int, int] | None:
    value = _PROSE_VALUE_RE.match(text, position, limit)
    if value is None:
        return None
    group = next(g for g in ("dq", "sq", "bq", "bare") if value.group(g) is not None)
    start, end = value.span(group)
    if group == "bare":  # sentence punctuation is not part of the password
        end = start + len(text[start:end].rstrip(".,;:)]}'\"`"))
    return start, end


_HTML_ENTITY_RE = re.compile(r"&[A-Za-z]{2,8}+;?")


def _is_prose_password(value: str) -> bool:
    value = _HTML_ENTITY_RE.sub("", value)  # `Password is correct.&quot;` in rendered HTML
    if len(value) < 6 or "://" in value or value.startswith(":") or _is_placeholder(value):
        return False  # a URL, or a Sphinx role (`:type password: :class:…`)
    return _is_password_like(value)


# --------------------------------------------------------------------------------------------
# .env lines: SOME_SIGNING_KEY=9f8a…

_ENV_KEY_RE = re.compile(r"(?:(?<![\w$.\-])|(?<=\\n))(?P<key>[A-Z_][A-Z0-9_]{0,80}+)=")
_ENV_VALUE_RE = re.compile(
    r"(?P<q>[\"'])(?P<qv>[^\"'\\\r\n]{1,512}+)(?P=q)|(?P<bv>[^\s\"'`#;&,\\=]{1,512}+={0,2}+)"
)
_ENV_KEY_WORDS = ("KEY", "SECRET", "TOKEN", "PASS")


def _scan_env(text: str) -> Iterator[_Hit]:
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
    if len(value) < 12 or shannon_entropy(value) < 3.5 or _is_placeholder(value):
        return False
    return "://" not in value and not _is_path(value) and value[0] not in "/~."


# --------------------------------------------------------------------------------------------
# Rule order is the tie-break priority: most specific first.

_RULES: tuple[_Rule, ...] = (
    _Rule(("private key",), _scan_pem),
    *_TOKEN_RULES,
    _Rule(("://",), _scan_url_credentials),
    _Rule(("-u", "--user"), _scan_cli_user),
    _Rule(("bearer", "basic", "token"), _scan_authorization),
    _Rule(("pass", "secret", "token", "key", "auth", "pwd"), _scan_assignments),
    _Rule(("pass", "token", "secret", "api"), _scan_prose),
    _Rule(("key", "secret", "token", "pass"), _scan_env),
)
