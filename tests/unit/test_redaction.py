"""Secret redaction: synthetic positives, a benign corpus, properties and ReDoS guards.

Every secret here is generated at test time from a seeded RNG; none is a real credential.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import string
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from abzu.domain.redaction import Finding, Redacted, redact
from tests.redos_lines import adversarial_lines, one_megabyte_lines

ALNUM = string.ascii_letters + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
B64URL = ALNUM + "-_"
HEX = "0123456789abcdef"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
MARKER_RE = re.compile(r"\[REDACTED:[a-z0-9-]+:[0-9a-f]{4}\]")


def rand(rng: random.Random, alphabet: str, size: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def with_digit(rng: random.Random, alphabet: str, size: int) -> str:
    while True:
        value = rand(rng, alphabet, size)
        if any(ch.isdigit() for ch in value) and any(ch.isalpha() for ch in value):
            return value


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


# ---------------------------------------------------------------------------------------------
# Positives: token-shaped secrets, each shown in every generic framing


def make_jwt(rng: random.Random) -> str:
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    claims = {"sub": rand(rng, ALNUM, 12), "iat": rng.randrange(10**9, 2 * 10**9)}
    return f"{header}.{b64url(json.dumps(claims).encode())}.{rand(rng, B64URL, 43)}"


def make_openai(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "sk-proj-" + rand(rng, B64URL, 74) + "T3BlbkFJ" + rand(rng, B64URL, 74)
    return "sk-" + rand(rng, ALNUM, 48)


def make_huggingface(rng: random.Random) -> str:
    body = rand(rng, string.ascii_letters, 32)
    return "hf_" + body + "aB"


def make_slack_webhook(rng: random.Random) -> str:
    path = f"T{rand(rng, UPPER_ALNUM, 8)}/B{rand(rng, UPPER_ALNUM, 10)}/{rand(rng, ALNUM, 24)}"
    return f"https://hooks.slack.com/services/{path}"


TOKEN_FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "jwt": make_jwt,
    "aws-access-key": lambda r: (
        r.choice(["AKIA", "ASIA", "ABIA", "ACCA"]) + with_digit(r, UPPER_ALNUM, 16)
    ),
    "google-api-key": lambda r: "AIza" + rand(r, B64URL, 34) + r.choice(ALNUM),
    "google-oauth-client-secret": lambda r: "GOCSPX-" + rand(r, B64URL, 27) + r.choice(ALNUM),
    "google-oauth-token": lambda r: "ya29." + rand(r, B64URL, 120) + r.choice(ALNUM),
    "azure-client-secret": lambda r: (
        rand(r, ALNUM, 3)
        + r.choice(string.digits)
        + "Q~"
        + rand(r, ALNUM + "_~.-", 33)
        + r.choice(ALNUM)
    ),
    "github-pat": lambda r: "ghp_" + rand(r, ALNUM, 36),
    "github-oauth": lambda r: "gho_" + rand(r, ALNUM, 36),
    "github-app-token": lambda r: r.choice(["ghu_", "ghs_"]) + rand(r, ALNUM, 36),
    "github-refresh-token": lambda r: "ghr_" + rand(r, ALNUM, 36),
    "github-fine-grained-pat": lambda r: (
        "github_pat_" + rand(r, ALNUM, 22) + "_" + rand(r, ALNUM, 59)
    ),
    "gitlab-pat": lambda r: "glpat-" + rand(r, B64URL, 19) + r.choice(ALNUM),
    "npm-token": lambda r: "npm_" + rand(r, ALNUM, 36),
    "pypi-token": lambda r: "pypi-AgEIcHlwaS5vcmc" + rand(r, B64URL, 69) + r.choice(ALNUM),
    "anthropic-api-key": lambda r: "sk-ant-api03-" + rand(r, B64URL, 93) + "AA",
    "openai-api-key": make_openai,
    "groq-api-key": lambda r: "gsk_" + rand(r, ALNUM, 52),
    "huggingface-token": make_huggingface,
    "slack-webhook": make_slack_webhook,
    "slack-token": lambda r: (
        f"xoxb-{rand(r, string.digits, 12)}-{rand(r, string.digits, 13)}-" + rand(r, ALNUM, 24)
    ),
    "stripe-secret-key": lambda r: (
        r.choice(["sk_live_", "rk_live_", "sk_test_"]) + rand(r, ALNUM, 24)
    ),
    "sendgrid-api-key": lambda r: (
        f"SG.{rand(r, B64URL, 22)}.{rand(r, B64URL, 42)}" + r.choice(ALNUM)
    ),
    "telegram-bot-token": lambda r: (
        str(r.randrange(10**8, 10**10)) + ":AA" + rand(r, B64URL, 32) + r.choice(ALNUM)
    ),
    "docker-pat": lambda r: "dckr_pat_" + rand(r, B64URL, 26) + r.choice(ALNUM),
    "databricks-token": lambda r: "dapi" + rand(r, HEX, 32),
    "digitalocean-token": lambda r: "dop_v1_" + rand(r, HEX, 64),
    "shopify-token": lambda r: "shpat_" + rand(r, HEX, 32),
    "linear-api-key": lambda r: "lin_api_" + rand(r, ALNUM, 40),
    "age-secret-key": lambda r: "AGE-SECRET-KEY-1" + rand(r, BECH32, 58),
}

GENERIC_FRAMINGS: dict[str, Callable[[str], str]] = {
    "quoted": lambda s: f'credential = "{s}"',
    "single-quoted": lambda s: f"config['credential'] = '{s}'",
    "unquoted": lambda s: f"export CREDENTIAL={s}",
    "prose": lambda s: f"I accidentally pasted {s} into the chat, please rotate it",
    "json-escaped": lambda s: json.dumps({"content": f"first line\n{s}\nlast line"}),
    "url-embedded": lambda s: f"https://api.example.com/v1/items?access={s}&page=2",
    "markdown": lambda s: f"Use `{s}` for the staging deploy.",
}


@dataclass(frozen=True)
class Positive:
    rule: str
    text: str
    secret: str  # must vanish from the output; the finding must cover it


# The part of a generated fragment that is the secret, when it is not the whole fragment.
SECRET_PART: dict[str, Callable[[str], str]] = {
    "slack-webhook": lambda url: url.split("hooks.slack.com/", 1)[1],
}


def token_positives() -> list[Positive]:
    cases: list[Positive] = []
    for index, (rule, make) in enumerate(sorted(TOKEN_FAMILIES.items())):
        rng = random.Random(1000 + index)
        for framing in GENERIC_FRAMINGS.values():
            fragment = make(rng)
            secret = SECRET_PART[rule](fragment) if rule in SECRET_PART else fragment
            cases.append(Positive(rule, framing(fragment), secret))
    return cases


# ---------------------------------------------------------------------------------------------
# Positives: contextual rules, with framings of their own


def password_value(rng: random.Random) -> str:
    return with_digit(rng, ALNUM + "!#%^", rng.randrange(12, 20))


def opaque_value(rng: random.Random) -> str:
    return with_digit(rng, ALNUM, rng.randrange(24, 40))


def aws_secret(rng: random.Random) -> str:
    return rand(rng, ALNUM + "/+", 39) + rng.choice(ALNUM)


ContextFraming = Callable[[str], str]

CONTEXT_FAMILIES: dict[str, tuple[Callable[[random.Random], str], list[ContextFraming]]] = {
    "aws-secret-key": (
        aws_secret,
        [
            lambda v: f"[default]\naws_secret_access_key = {v}\nregion = eu-west-1",
            lambda v: f'AWS_SECRET_ACCESS_KEY="{v}"',
            lambda v: json.dumps({"Credentials": {"SecretAccessKey": v, "Expiration": "soon"}}),
            lambda v: json.dumps({"content": f"[default]\naws_secret_access_key={v}\n"}),
        ],
    ),
    "azure-client-secret": (
        opaque_value,
        [
            lambda v: f"AZURE_CLIENT_SECRET={v}",
            lambda v: f'azure_client_secret: "{v}"',
            lambda v: json.dumps({"azureClientSecret": v}),
        ],
    ),
    "password-assignment": (
        password_value,
        [
            lambda v: f'password = "{v}"',
            lambda v: f"database:\n  DB_PASSWORD: {v}\n  host: db",
            lambda v: json.dumps({"user": "app", "password": v}),
            lambda v: json.dumps({"cmd": json.dumps({"password": v})}),
            lambda v: f"mysql --user=root --password={v} shop",
            lambda v: f'pg_dump --password "{v}" prod',
            lambda v: f"PGPASSWORD={v} psql -h db",
        ],
    ),
    "secret-assignment": (
        opaque_value,
        [
            lambda v: f"client_secret = '{v}'",
            lambda v: f'app.config["SECRET_KEY"] = "{v}"',
            lambda v: json.dumps({"private_key": v}),
            lambda v: f"webhookSecret: {v}",
        ],
    ),
    "token-assignment": (
        opaque_value,
        [
            lambda v: json.dumps({"access_token": v, "expires_in": 3600}),
            lambda v: f"auth_token={v}",
            lambda v: f"refreshToken: '{v}'",
            lambda v: f"https://example.com/callback?token={v}&state=abc",
            lambda v: f"curl localhost:8080/api?verbose=1&access_token={v}",
            lambda v: f"gh-sync --verbose --token {v} --repo acme/abzu",
        ],
    ),
    "api-key-assignment": (
        opaque_value,
        [
            lambda v: f'api_key = "{v}"',
            lambda v: f"curl -H 'x-api-key: {v}' https://api.example.com",
            lambda v: f"apiKey: '{v}'",
            lambda v: json.dumps({"accessKey": v}),
        ],
    ),
    "password-prose": (
        password_value,
        [
            lambda v: f"the password for the staging db is {v}",
            lambda v: f"My password was `{v}`.",
            lambda v: f"Password for admin@example.com is {v} - change it",
            lambda v: f'the root passphrase is "{v}"',
        ],
    ),
    "secret-prose": (
        opaque_value,
        [
            lambda v: f"The API key is {v}, keep it out of git.",
            lambda v: f"your token is: {v}",
            lambda v: f"the secret for the webhook was {v}",
        ],
    ),
    "env-secret": (
        opaque_value,
        [
            lambda v: f"DEBUG=1\nLICENSE_KEY={v}\nPORT=8080",
            lambda v: f'export DEPLOY_KEY="{v}"',
            lambda v: json.dumps({"file": ".env", "content": f"DEBUG=1\nHMAC_KEY={v}\n"}),
            lambda v: f"SESSION_KEY={v}",
        ],
    ),
    "url-credentials": (
        lambda r: with_digit(r, ALNUM + "!%^*-_~", r.randrange(12, 20)),
        [
            lambda v: f"postgres://app:{v}@db.internal:5432/app",
            lambda v: f'DATABASE_URL="mysql://root:{v}@127.0.0.1/shop"',
            lambda v: f"git clone https://deploy:{v}@git.example.com/team/repo.git",
            lambda v: json.dumps({"env": json.dumps({"REDIS_URL": f"redis://:{v}@cache:6379/0"})}),
        ],
    ),
    "bearer-token": (
        lambda r: with_digit(r, ALNUM + "-._~", 40),
        [
            lambda v: f'curl -H "Authorization: Bearer {v}" https://api.example.com',
            lambda v: json.dumps({"headers": {"Authorization": f"Bearer {v}"}}),
            lambda v: f"authorization: bearer {v}",
            lambda v: f"then call it with Bearer {v} as the header",
        ],
    ),
    "cookie": (
        lambda r: with_digit(r, ALNUM + "%-._", r.randrange(16, 40)),
        [
            lambda v: f"Set-Cookie: auth_token={v}; Path=/; HttpOnly",
            lambda v: f"Cookie: lang=en-US; sessionid={v}",
            lambda v: f'curl --cookie "PHPSESSID={v}" https://shop.example.com/cart',
            lambda v: json.dumps({"headers": {"Cookie": f"remember_me={v}"}}),
        ],
    ),
    "curl-user": (
        password_value,
        [
            lambda v: f"curl -u admin:{v} https://ci.example.com/api",
            lambda v: f'curl --user "deploy:{v}" https://ci.example.com',
            lambda v: f"wget --user=bot:{v} https://files.example.com/a.tgz",
        ],
    ),
    "basic-auth": (
        lambda r: base64.b64encode(f"deploy:{password_value(r)}".encode()).decode(),
        [
            lambda v: f"Authorization: Basic {v}",
            lambda v: f"curl -H 'Authorization: Basic {v}' https://ci.example.com",
            lambda v: json.dumps({"Authorization": f"Basic {v}"}),
        ],
    ),
    "jwt": (
        make_jwt,
        [
            lambda v: f"Authorization: Bearer {v}",
            lambda v: f"Set-Cookie: session={v}; HttpOnly",
            lambda v: json.dumps({"id_token": v}),
        ],
    ),
}


# Families whose name is not the rule id they are reported under.
FAMILY_RULE = {"curl-user": "basic-auth"}


def context_positives() -> list[Positive]:
    cases: list[Positive] = []
    for index, (family, (make, framings)) in enumerate(sorted(CONTEXT_FAMILIES.items())):
        rng = random.Random(2000 + index)
        for framing in framings:
            secret = make(rng)
            cases.append(Positive(FAMILY_RULE.get(family, family), framing(secret), secret))
    return cases


ALL_POSITIVES = token_positives() + context_positives()


def positive_id(case: Positive) -> str:
    return case.rule


@pytest.mark.parametrize("case", ALL_POSITIVES, ids=positive_id)
def test_secret_is_replaced_by_a_marker_naming_its_rule(case: Positive) -> None:
    result = redact(case.text)

    assert case.secret not in result.text
    digest = hashlib.sha256(case.secret.encode()).hexdigest()[:4]
    assert f"[REDACTED:{case.rule}:{digest}]" in result.text
    assert result.changed


@pytest.mark.parametrize("case", ALL_POSITIVES, ids=positive_id)
def test_finding_offsets_point_at_the_secret_in_the_original(case: Positive) -> None:
    result = redact(case.text)

    matching = [f for f in result.findings if f.rule == case.rule]
    assert [case.text[f.start : f.end] for f in matching] == [case.secret]


@pytest.mark.parametrize("case", ALL_POSITIVES, ids=positive_id)
def test_redacting_twice_changes_nothing(case: Positive) -> None:
    once = redact(case.text)
    twice = redact(once.text)

    assert twice.text == once.text
    assert twice.findings == ()
    assert start_of(once.findings) == sorted(start_of(once.findings))


def start_of(findings: tuple[Finding, ...]) -> list[int]:
    return [f.start for f in findings]


def test_every_family_has_at_least_three_framings() -> None:
    per_rule: dict[str, int] = {}
    for case in ALL_POSITIVES:
        per_rule[case.rule] = per_rule.get(case.rule, 0) + 1

    assert min(per_rule.values()) >= 3
    assert len(per_rule) >= 25


# ---------------------------------------------------------------------------------------------
# Private keys: the whole BEGIN…END block goes, in raw, escaped, indented and truncated form

PEM_LABELS = [
    "RSA PRIVATE KEY",
    "PRIVATE KEY",
    "EC PRIVATE KEY",
    "OPENSSH PRIVATE KEY",
    "ENCRYPTED PRIVATE KEY",
    "PGP PRIVATE KEY BLOCK",
]


def make_pem(rng: random.Random, label: str) -> tuple[str, list[str]]:
    lines = [rand(rng, ALNUM + "+/", 64) for _ in range(rng.randrange(5, 12))]
    lines.append(rand(rng, ALNUM + "+/", 20) + "==")
    pem = "\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----"])
    return pem, lines


PEM_FRAMINGS: dict[str, Callable[[str], str]] = {
    "raw": lambda pem: f"here is the deploy key:\n{pem}\nthanks!",
    "json-escaped": lambda pem: json.dumps({"tool": "Read", "content": pem + "\n"}),
    "yaml-indented": lambda pem: "ssh:\n  key: |\n    " + pem.replace("\n", "\n    ") + "\nnext: 1",
    "truncated": lambda pem: "cat id_rsa\n" + "\n".join(pem.splitlines()[:-2]),
}


@pytest.mark.parametrize("label", PEM_LABELS)
@pytest.mark.parametrize("framing", sorted(PEM_FRAMINGS))
def test_private_key_block_is_removed_entirely(label: str, framing: str) -> None:
    pem, body = make_pem(random.Random(f"{label}/{framing}"), label)
    text = PEM_FRAMINGS[framing](pem)

    result = redact(text)

    assert "-----BEGIN" not in result.text
    assert not any(line in result.text for line in body[:-1])
    assert "[REDACTED:private-key:" in result.text
    assert redact(result.text).text == result.text
    (finding,) = result.findings
    assert text[finding.start :].startswith(f"-----BEGIN {label}-----")


def test_public_material_around_a_key_survives() -> None:
    pem, _ = make_pem(random.Random(7), "RSA PRIVATE KEY")
    certificate = "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----"

    result = redact(f"{certificate}\n{pem}\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5 dev@laptop")

    assert result.text.startswith(certificate)
    assert result.text.endswith("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 dev@laptop")


# ---------------------------------------------------------------------------------------------
# Precise spans, overlaps and allowlists


def test_url_credentials_redact_only_the_password() -> None:
    result = redact("postgres://app:Sup3r-S3cret!@db.internal:5432/app")

    assert result.text.startswith("postgres://app:[REDACTED:url-credentials:")
    assert result.text.endswith("]@db.internal:5432/app")


def test_overlapping_matches_yield_one_well_formed_marker() -> None:
    token = "ghs_" + rand(random.Random(3), ALNUM, 36)
    text = f"https://x-access-token:{token}@github.com/acme/repo.git"

    result = redact(text)

    digest = hashlib.sha256(token.encode()).hexdigest()[:4]
    expected = (
        f"https://x-access-token:[REDACTED:github-app-token:{digest}]@github.com/acme/repo.git"
    )
    assert result.text == expected
    assert result.findings == (Finding("github-app-token", 23, 23 + len(token)),)


def test_a_secret_inside_a_longer_secret_leaves_no_fragment() -> None:
    inner = "ghp_" + rand(random.Random(4), ALNUM, 36)
    text = f'password = "{inner}-and-more-9f8e7d"'

    result = redact(text)

    assert inner not in result.text and "9f8e7d" not in result.text
    assert len(MARKER_RE.findall(result.text)) == 1


def test_adjacent_secrets_get_separate_markers() -> None:
    rng = random.Random(5)
    first, second = "ghp_" + rand(rng, ALNUM, 36), "npm_" + rand(rng, ALNUM, 36)

    result = redact(f"{first} {second}")

    assert [f.rule for f in result.findings] == ["github-pat", "npm-token"]
    assert MARKER_RE.fullmatch(result.text.split(" ")[0])


@pytest.mark.parametrize(
    "text",
    [
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "token = ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        'password = "********"',
        'password = "<your-password>"',
        "api_key: ${OPENAI_API_KEY}",
        'api_key = os.environ["OPENAI_API_KEY"]',
        "token = os.getenv('GITHUB_TOKEN')",
        "password: ${{ secrets.DB_PASSWORD }}",
        'SECRET_KEY = "your-secret-key-here"',
        "DATABASE_URL=postgres://user:${DB_PASSWORD}@localhost/db",
        "postgres://user:password@localhost:5432/db",
        'headers = {"Authorization": f"Bearer {token}"}',
        "Authorization: Bearer $GITHUB_TOKEN",
        "password = getpass.getpass()",
        "password: str | None = None",
        "token: Optional[str] = None",
        "self.password = password",
        "tokenizer = AutoTokenizer.from_pretrained('bert-base-uncased')",
        "max_tokens = 4096",
        "author = 'Jane Doe'",
        "secretary_name = 'Jane Doe'",
        "token_url = 'https://oauth2.example.com/token'",
        "password_policy: strong-and-long",
        "The password is required and must be at least 12 characters long.",
        "Bearer tokens are sent in the Authorization header.",
        # found on real code while tuning precision
        'continuation_token="tok_err_2",',
        '"refresh_token": "refreshToken",',
        'AWS_SESSION_TOKEN = "AWS_SESSION_TOKEN"',
        'Token.Comment: "italic #A3AAB2",',
        "token, value = get_domain(value[1:])",
        "private_key = rsa.key.PrivateKey.load_pkcs1(key_bytes)",
        "private_key: Ed25519PrivateKey | Ed448PrivateKey",
        "PrivateKeyInfo = rfc5958.PrivateKeyInfo",
        '_PKCS8_MARKER = ("-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----")',
        '# "-----BEGIN RSA PRIVATE KEY-----..."',
        'REAUTH_ORIGIN = "https://accounts.google.com"',
        'JWT_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:jwt-bearer"',
        "token_uri (str): The OAuth 2.0 authorizations server's token endpoint.",
        "'headers': {'Authorization': 'Bearer custom_test_token'}",
        'client = Client(api_key="test-key")',
        'create_engine("postgresql://scott:tiger@localhost/test")',
        "// Prints https://abc:123@example.com/",
        "  PWD: '/Users/maciej',",
        "printf(&quot;Password is correct.&quot;);",
        'Token.KeyPassword: "bold #13c842",',
        ":type passphrase: :py:data:`bytes`",
        ".. _refresh token: https://tools.ietf.org/html/rfc6749#section-6",
        "docker run -u 1000:1000 abzu:latest",
        '{"usage": {"input_tokens": 1234, "cache_read_input_tokens": 99, "output_tokens": 7}}',
        '"page_token": "AMEw9yO5jnsGnZJLHSKDFHJJu"',
        # cookies that are settings, and code that names cookies
        "Cookie: lang=en-US; theme=dark; consent=true",
        "Set-Cookie: visits=1700000000; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
        'document.cookie = "consent=true; path=/"',
        "The auth cookie is httpOnly and SameSite=strict.",
        'res.cookie("token", value, { httpOnly: true })',
    ],
)
def test_placeholders_and_code_are_left_alone(text: str) -> None:
    assert redact(text) == Redacted(text, ())


def test_existing_markers_are_preserved() -> None:
    text = "token = [REDACTED:github-pat:1a2b] and password: [REDACTED:password-prose:ffff]"

    assert redact(text) == Redacted(text, ())


def test_the_same_secret_always_gets_the_same_marker() -> None:
    token = "npm_" + rand(random.Random(6), ALNUM, 36)
    expected = f"[REDACTED:npm-token:{hashlib.sha256(token.encode()).hexdigest()[:4]}]"

    in_env = redact(f"NPM_TOKEN={token}").text
    in_npmrc = redact(f"//registry.npmjs.org/:_authToken={token}").text

    assert in_env == f"NPM_TOKEN={expected}"
    assert in_npmrc == f"//registry.npmjs.org/:_authToken={expected}"


def test_lone_surrogates_do_not_break_hashing() -> None:
    result = redact('password = "hunter2\ud800hunter2"')

    assert result.findings == (Finding("password-assignment", 12, 27),)


def test_empty_and_clean_texts_are_unchanged() -> None:
    assert redact("") == Redacted("", ())
    assert not redact("just some words").changed


# ---------------------------------------------------------------------------------------------
# Benign corpus: at most 0.5 % of lines may be touched

WORDS = (
    "the", "a", "we", "should", "update", "cache", "remember", "recall", "bead", "review",
    "staging", "project", "session", "tool", "password", "token", "secret", "key", "api", "auth",
    "login", "user", "reset", "flow", "rotate", "expire", "store", "query", "search", "index",
    "memory", "agent", "hook", "transcript", "summary", "config", "value", "field", "test",
    "fixture",
)  # fmt: skip


def benign_lines(rng: random.Random) -> list[str]:
    makers = BENIGN_MAKERS
    return [makers[i % len(makers)](rng) for i in range(2400)]


def git_sha(rng: random.Random) -> str:
    sha = rand(rng, HEX, 40)
    return rng.choice(
        [
            f"commit {sha}",
            f"Merge: {sha[:7]} {rand(rng, HEX, 7)}",
            f"{sha}\trefs/heads/main",
            f"https://github.com/acme/abzu/commit/{sha}",
            f"git checkout {sha} -- src/app.py",
        ]
    )


def a_uuid(rng: random.Random) -> str:
    value = uuid.UUID(int=rng.getrandbits(128), version=4)
    return rng.choice(
        [f'"id": "{value}"', f"session {value} started", f"request_id={value}", str(value).upper()]
    )


def sha256_line(rng: random.Random) -> str:
    digest = hashlib.sha256(rng.randbytes(16)).hexdigest()
    return rng.choice(
        [
            f"image@sha256:{digest}",
            f"{digest}  dist/abzu-0.1.0.tar.gz",
            f'{{file = "abzu-0.1.0-py3-none-any.whl", hash = "sha256:{digest}"}}',
            f"checksum: {digest}",
        ]
    )


def data_uri(rng: random.Random) -> str:
    payload = base64.b64encode(rng.randbytes(rng.randrange(30, 400))).decode()
    mime = rng.choice(["image/png", "image/jpeg", "image/gif", "font/woff2"])
    return rng.choice(
        [
            f'<img src="data:{mime};base64,{payload}">',
            f"background: url(data:{mime};base64,{payload})",
        ]
    )


def lockfile_line(rng: random.Random) -> str:
    digest = base64.b64encode(rng.randbytes(64)).decode()
    package, sha = "-".join(rng.sample(WORDS, 2)), rand(rng, HEX, 40)
    return rng.choice(
        [
            f'"integrity": "sha512-{digest}",',
            f"  integrity sha512-{digest}",
            f'"resolved": "https://registry.npmjs.org/{package}/-/{package}-1.2.3.tgz",',
            f'  resolved "https://registry.yarnpkg.com/{package}/-/{package}-4.0.1.tgz#{sha}"',
        ]
    )


def identifier(rng: random.Random) -> str:
    name = "_".join(rng.sample(WORDS, rng.randrange(3, 7)))
    other = "_".join(rng.sample(WORDS, rng.randrange(2, 4)))
    return rng.choice(
        [
            f"def test_{name}() -> None:",
            f"{name} = {other}(request)",
            f"    {name}: int = 0",
            f"self.{name} = {other}",
            "test_remember_returns_existing_id_for_duplicate",
        ]
    )


def path_line(rng: random.Random) -> str:
    parts = "/".join(rng.sample(WORDS, rng.randrange(2, 5)))
    return rng.choice(
        [
            f"/home/dev/projects/{parts}.py:{rng.randrange(1, 999)}",
            f"src/{parts}/__init__.py",
            "C:\\Users\\dev\\" + parts.replace("/", "\\") + ".ts",
            f"./node_modules/.bin/{parts.split('/')[0]}",
        ]
    )


def prose(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randrange(6, 18))]
    if rng.random() < 0.3:
        words.insert(
            rng.randrange(len(words)), rng.choice(["is", "was", ":", str(rng.randrange(99))])
        )
    return " ".join(words).capitalize() + "."


def code_line(rng: random.Random) -> str:
    env = "_".join(rng.sample(["API", "TOKEN", "SECRET", "KEY", "DB", "GITHUB"], 2))
    return rng.choice(
        [
            f"max_tokens = {rng.randrange(100, 100000)}",
            f"password = os.environ['{env}']",
            f"token = settings.{env.lower()}",
            f'auth_url = "https://auth.example.com/oauth/{rng.choice(WORDS)}"',
            '"token_type": "Bearer",',
            f"secret_name: prod/{rng.choice(WORDS)}/credentials",
            f"{env}=${{{env}}}",
            f"if not {rng.choice(['password', 'token', 'api_key'])}:",
            f"TOKEN_LIMIT={rng.randrange(1000, 10**9)}",
            f"expires_in: {rng.randrange(60, 86400)}",
        ]
    )


def log_line(rng: random.Random) -> str:
    return (
        f"2025-0{rng.randrange(1, 9)}-1{rng.randrange(9)}T12:{rng.randrange(10, 59)}:00Z INFO "
        f"request {rand(rng, HEX, 16)} completed in {rng.randrange(1, 900)}ms"
    )


def url_line(rng: random.Random) -> str:
    return rng.choice(
        [
            f"https://example.com:{rng.randrange(1024, 65535)}/{rng.choice(WORDS)}?page=2",
            "git@github.com:acme/abzu.git",
            f"ssh://git@git.example.com:22/{rng.choice(WORDS)}.git",
            "pip install scikit-learn==1.4.2 sk-video",
        ]
    )


def base64_blob(rng: random.Random) -> str:
    blob = base64.b64encode(rng.randbytes(rng.randrange(20, 200))).decode()
    return rng.choice([f'"payload": "{blob}"', f"blob {blob}", blob])


def hex_blob(rng: random.Random) -> str:
    return rng.choice(
        [f"0x{rand(rng, HEX, 40)}", f"color: #{rand(rng, HEX, 6)};", rand(rng, HEX, 64)]
    )


def keyword_code(rng: random.Random) -> str:
    word, other = rng.sample(WORDS, 2)
    camel = word.capitalize() + other.capitalize()
    return rng.choice(
        [
            f'continuation_token="tok_{word}_{rng.randrange(9)}",',
            f'"{word}_token": "{word}{other.capitalize()}",',
            f"{camel}Token = rfc{rng.randrange(1000, 9999)}.{camel}Token",
            f"private_key = {word}.{camel}PrivateKey.from_bytes(data)",
            f'{word.upper()}_SECRET_NAME = "{word}-{other}-secret"',
            f'Token.{camel}: "bold #{rand(rng, HEX, 6)}",',
            f"    if token == {camel}:",
            f'auth_method: Literal["{word}_secret_basic"] = "{word}_secret_post"',
            f"password_hash = hash_password({word}_password)",
            f"api_key = config.{word}.api_key",
            f'token_url = "https://{word}.example.com/oauth/token"',
        ]
    )


BENIGN_MAKERS: list[Callable[[random.Random], str]] = [
    keyword_code,
    git_sha,
    a_uuid,
    sha256_line,
    data_uri,
    lockfile_line,
    identifier,
    path_line,
    prose,
    code_line,
    log_line,
    url_line,
    base64_blob,
    hex_blob,
]


def false_positive_rate(lines: list[str]) -> tuple[float, list[str]]:
    touched = [line for line in lines if redact(line).changed]
    return len(touched) / len(lines), touched


def test_benign_corpus_has_at_most_half_a_percent_false_positives() -> None:
    lines = benign_lines(random.Random(42))

    rate, touched = false_positive_rate(lines)

    assert len(lines) >= 2000
    assert rate <= 0.005, touched[:10]


# ---------------------------------------------------------------------------------------------
# Properties


def marker_budget(result: Redacted) -> int:
    return sum(len("[REDACTED:") + len(f.rule) + len(":0000]") for f in result.findings)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=3000))
def test_arbitrary_text_never_raises_and_never_grows_beyond_its_markers(text: str) -> None:
    result = redact(text)

    assert len(result.text) <= len(text) + marker_budget(result)
    assert redact(result.text).text == result.text


def secret_pieces() -> st.SearchStrategy[str]:
    return st.sampled_from([case.text for case in ALL_POSITIVES])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(secret_pieces(), st.text(max_size=40), st.sampled_from(["\n", " ", "=", '"'])),
        max_size=12,
    )
)
def test_mixed_texts_redact_idempotently_with_well_formed_markers(pieces: list[str]) -> None:
    text = "".join(pieces)

    result = redact(text)

    assert redact(result.text).text == result.text
    assert all(0 <= f.start < f.end <= len(text) for f in result.findings)
    assert all(a.end <= b.start for a, b in zip(result.findings, result.findings[1:], strict=False))
    new_markers = len(MARKER_RE.findall(result.text)) - len(MARKER_RE.findall(text))
    assert new_markers == len(result.findings)


# ---------------------------------------------------------------------------------------------
# ReDoS guards: every pathological line comes back well-formed (no timing here: the pytest
# timeout stops a catastrophic backtrack; `bench/redaction_redos.py` measures the speed).


@pytest.mark.parametrize("name", sorted(one_megabyte_lines()))
def test_one_megabyte_line_is_redacted_idempotently(name: str) -> None:
    result = redact(one_megabyte_lines()[name])

    assert redact(result.text).text == result.text


@pytest.mark.parametrize("name", sorted(adversarial_lines()))
def test_adversarial_repetitions_are_redacted_idempotently(name: str) -> None:
    result = redact(adversarial_lines()[name])

    assert redact(result.text).text == result.text


@pytest.mark.parametrize("text", [
    "Note: set password=hunter2hunter2 on the staging box",
    "Done: the client now reads password=hunter2hunter2 from the environment",
    "db_password: dict[str, int] | None = 'hunter2hunter2'",
])
def test_a_word_and_a_colon_before_an_assignment_in_prose_is_no_type_annotation(text: str) -> None:
    # `Note: set password=…` once read as `Note: <type "set password"> = …`, which hid the password
    redacted = redact(text)
    assert "hunter2hunter2" not in redacted.text
    assert [f.rule for f in redacted.findings] == ["password-assignment"]
