"""A corpus of realistic fake provider tokens (issue 20.2): never real keys, made up from a
seeded RNG in each provider's documented shape (prefix, alphabet, length), and five settings a
token shows up in: prose, `KEY=value`, JSON, tool output and a URL.

Shared by tests/unit/test_token_corpus.py and bench/redaction_token_corpus.py.
"""

import random
import string
from collections.abc import Callable

HEX = "0123456789abcdef"
ALNUM = string.ascii_letters + string.digits
UPPER = string.ascii_uppercase + string.digits
LOWER = string.ascii_lowercase + string.digits
URLSAFE = ALNUM + "_-"
B64 = ALNUM + "+/"

Part = str | tuple[str, int]
# name, the parts of its token: a literal, or (alphabet, length) drawn at random
FORMATS: tuple[tuple[str, tuple[Part, ...]], ...] = (
    ("aws-access-key", ("AKIA", (UPPER, 16))),
    ("google-api-key", ("AIza", (URLSAFE, 35))),
    ("google-oauth-client-secret", ("GOCSPX-", (URLSAFE, 28))),
    ("google-oauth-token", ("ya29.", (URLSAFE, 120))),
    ("github-pat", ("ghp_", (ALNUM, 36))),
    ("github-oauth", ("gho_", (ALNUM, 36))),
    ("github-app-token", ("ghs_", (ALNUM, 36))),
    ("github-fine-grained-pat", ("github_pat_", (ALNUM, 22), "_", (ALNUM, 59))),
    ("gitlab-pat", ("glpat-", (URLSAFE, 20))),
    ("gitlab-runner-token", ("glrt-", (URLSAFE, 20))),
    ("gitlab-deploy-token", ("gldt-", (URLSAFE, 20))),
    ("npm-token", ("npm_", (ALNUM, 36))),
    ("pypi-token", ("pypi-AgEIcHlwaS5vcmc", (URLSAFE, 70))),
    ("anthropic-api-key", ("sk-ant-api03-", (URLSAFE, 93), "AA")),
    ("openai-project-key", ("sk-proj-", (URLSAFE, 120))),
    ("openai-legacy-key", ("sk-", (ALNUM, 20), "T3BlbkFJ", (ALNUM, 20))),
    ("openrouter-api-key", ("sk-or-v1-", (HEX, 64))),
    ("xai-api-key", ("xai-", (ALNUM, 80))),
    ("perplexity-api-key", ("pplx-", (ALNUM, 48))),
    ("deepseek-api-key", ("sk-", (HEX, 32))),
    ("groq-api-key", ("gsk_", (ALNUM, 52))),
    ("huggingface-token", ("hf_", (string.ascii_letters, 34))),
    ("replicate-api-token", ("r8_", (ALNUM, 37))),
    ("langsmith-api-key", ("lsv2_pt_", (HEX, 32), "_", (HEX, 10))),
    ("pinecone-api-key", ("pcsk_", (ALNUM, 5), "_", (ALNUM, 64))),
    ("elevenlabs-api-key", ("sk_", (HEX, 48))),
    ("aws-bedrock-api-key", ("ABSKQmVkcm9ja0FQSUtleS", (B64, 110), "=")),
    ("notion-token", ("ntn_", (string.digits, 11), (ALNUM, 35))),
    ("vault-token", ("hvs.", (URLSAFE, 95))),
    ("atlassian-api-token", ("ATATT3xFfGF0", (URLSAFE, 174), "=", (HEX, 8))),
    ("sentry-user-token", ("sntryu_", (HEX, 64))),
    ("supabase-token", ("sbp_", (HEX, 40))),
    ("grafana-service-account", ("glsa_", (ALNUM, 32), "_", (HEX, 8))),
    ("grafana-cloud-token", ("glc_", (ALNUM, 80))),
    ("postman-api-key", ("PMAK-", (HEX, 24), "-", (HEX, 34))),
    ("doppler-token", ("dp.pt.", (ALNUM, 43))),
    ("mailgun-api-key", ("key-", (HEX, 32))),
    ("twilio-api-key", ("SK", (HEX, 32))),
    ("slack-bot-token", ("xoxb-", (string.digits, 12), "-", (string.digits, 13), "-", (ALNUM, 24))),
    ("slack-app-token", ("xapp-1-A0", (UPPER, 9), "-", (string.digits, 13), "-", (HEX, 64))),
    ("stripe-secret-key", ("sk_live_", (ALNUM, 99))),
    ("stripe-restricted-key", ("rk_live_", (ALNUM, 99))),
    ("stripe-webhook-secret", ("whsec_", (ALNUM, 32))),
    ("sendgrid-api-key", ("SG.", (URLSAFE, 22), ".", (URLSAFE, 43))),
    ("telegram-bot-token", ((string.digits[1:], 1), (string.digits, 9), ":AA", (URLSAFE, 33))),
    ("docker-pat", ("dckr_pat_", (URLSAFE, 27))),
    ("databricks-token", ("dapi", (HEX, 32))),
    ("digitalocean-token", ("dop_v1_", (HEX, 64))),
    ("shopify-token", ("shpat_", (HEX, 32))),
    ("linear-api-key", ("lin_api_", (ALNUM, 40))),
    ("age-secret-key", ("AGE-SECRET-KEY-1", ("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58))),
    ("square-token", ("EAAA", (URLSAFE, 60))),
    ("shippo-token", ("shippo_live_", (HEX, 40))),
    ("newrelic-user-key", ("NRAK-", (UPPER, 27))),
    ("dynatrace-token", ("dt0c01.", (UPPER, 24), ".", (UPPER, 64))),
    ("tailscale-key", ("tskey-auth-k", (ALNUM, 12), "-", (ALNUM, 33))),
    ("flyio-token", ("fo1_", (URLSAFE, 43))),
    ("netlify-token", ("nfp_", (ALNUM, 36))),
    ("neon-api-key", ("napi_", (LOWER, 64))),
    ("planetscale-password", ("pscale_pw_", (URLSAFE, 43))),
    ("pulumi-token", ("pul-", (HEX, 40))),
    ("prefect-token", ("pnu_", (ALNUM, 36))),
    ("openshift-token", ("sha256~", (URLSAFE, 43))),
    ("sonarqube-token", ("squ_", (HEX, 40))),
    ("sourcegraph-token", ("sgp_", (HEX, 16), "_", (HEX, 40))),
    ("buildkite-token", ("bkua_", (HEX, 40))),
    ("circleci-token", ("CCIPAT_", (ALNUM, 22), "_", (HEX, 40))),
    ("rubygems-token", ("rubygems_", (HEX, 48))),
    ("figma-token", ("figd_", (URLSAFE, 40))),
    ("heroku-api-key", ("HRKU-AA", (URLSAFE, 58))),
    ("alibaba-access-key", ("LTAI", (ALNUM, 20))),
    ("artifactory-token", ("AKCp", (ALNUM, 69))),
    ("brevo-api-key", ("xkeysib-", (HEX, 64), "-", (ALNUM, 16))),
    ("resend-api-key", ("re_", (ALNUM, 8), "_", (ALNUM, 24))),
    ("jwt", ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.",
             (URLSAFE, 43))),
)


def token(parts: tuple[Part, ...], rng: random.Random) -> str:
    return "".join(p if isinstance(p, str) else "".join(rng.choice(p[0]) for _ in range(p[1])) for p in parts)


def _env_name(name: str) -> str:
    return name.split("-")[0].upper() + "_CREDENTIAL"


# Each setting places a token as it shows up in a transcript; none names a key word the
# contextual rules know ("key", "token", "secret"), so the provider rule alone must catch it.
SETTINGS: dict[str, Callable[[str, str], str]] = {
    "prose": lambda name, tok: f"I pasted {tok} into the {name.split('-')[0]} console by mistake, oops.",
    "KEY=value": lambda name, tok: f"{_env_name(name)}={tok}",
    "JSON": lambda name, tok: f'{{"id": 7, "provider": "{name}", "value": "{tok}", "ok": true}}',
    "tool output": lambda name, tok: f"$ cat deploy.log\n2026-11-23T10:00:01Z INFO using {tok} for upload\n"
                                     "exit 0",
    "URL": lambda name, tok: f"GET https://example.com/hooks/{tok}/notify?page=2 -> 200",
}


def corpus(seed: int = 20) -> list[tuple[str, str, str, str]]:
    """(format, setting, token, text) for every format in every setting."""
    rng = random.Random(seed)
    rows = []
    for name, parts in FORMATS:
        for setting, place in SETTINGS.items():
            tok = token(parts, rng)
            rows.append((name, setting, tok, place(name, tok)))
    return rows


def leaked(tok: str, redacted: str) -> bool:
    """A token leaks when it, or a 12-character piece of its end, is still in the output."""
    return tok in redacted or tok[-12:] in redacted
