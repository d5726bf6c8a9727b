"""Pathological lines for the redactor: long runs and repetitions of trigger prefixes.

The tests check the redactor gets through them correctly; `bench/redaction_redos.py` times
them (speed is measured by benchmarks, never asserted by tests)."""

import base64
import random

MEGABYTE = 1_000_000


def one_megabyte_lines() -> dict[str, str]:
    rng = random.Random(9)
    return {
        "equals": "=" * MEGABYTE,
        "dashes": "-" * MEGABYTE,
        "base64-letter": "A" * MEGABYTE,
        "base64-random": base64.b64encode(rng.randbytes(MEGABYTE * 3 // 4)).decode(),
        "base64url-random": base64.urlsafe_b64encode(rng.randbytes(MEGABYTE * 3 // 4)).decode(),
        "base64-cycle": "aB3+/9z=" * (MEGABYTE // 8),
    }


def adversarial_lines() -> dict[str, str]:
    size = 200_000
    return {
        "pem-begins": "-----BEGIN RSA PRIVATE KEY-----" * (size // 31),
        "jwt-prefix": "eyJ" * (size // 3),
        "jwt-dots": "eyJhbGciOi." * (size // 11),
        "url-userinfo": "://a:" * (size // 5),
        "assignments": "password=" * (size // 9),
        "prose": "password is " * (size // 12),
        "keywords": "token" * (size // 5),
        "env-keys": "A_KEY=" * (size // 6),
        "openai-prefix": "sk-" * (size // 3),
        "flags": "--password " * (size // 11),
        "punctuated-values": ("secret" + "=Zq8Lm2Nx4Rt6&") * (size // 20),  # split: no plant here
        "short-key-names": "pass=x,pwd=y|" * (size // 13),
    }
