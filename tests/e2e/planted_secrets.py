"""Planted fake secrets, one per redaction rule, and a byte-level search for any trace of them.

Every value is generated at test time from a seeded RNG with the unit tests' generators: none is
a real credential. A trace is the whole value or, since FTS5 stores lower-cased (porter-stemmed)
tokens cut at punctuation, the stem of any 10+ character alphanumeric run inside it.
"""

import base64
import random
import re
import string
from dataclasses import dataclass
from pathlib import Path

from tests.token_corpus import FORMATS, token
from tests.unit.test_redaction import ALNUM, TOKEN_FAMILIES, rand

_RUN = re.compile(r"[A-Za-z0-9]{10,}")


@dataclass(frozen=True)
class Plant:
    rule: str
    secret: str

    def traces(self) -> set[bytes]:
        runs = [run[:-3] for run in _RUN.findall(self.secret)]
        return {t.lower().encode() for t in [self.secret, *runs]}


def plant_all(seed: int = 7) -> dict[str, Plant]:
    rng = random.Random(seed)
    found = {rule: Plant(rule, make(rng)) for rule, make in TOKEN_FAMILIES.items()}
    password = rand(rng, ALNUM, 6) + "#" + rand(rng, ALNUM, 12)
    contextual = {
        "password-assignment": "Pw" + rand(rng, ALNUM, 14) + "!9",
        "url-credentials": rand(rng, ALNUM, 14) + "x7",
        "bearer-token": rand(rng, ALNUM + "-_", 38) + "Q2",
        "basic-auth": base64.b64encode(f"deploy:{password}".encode()).decode(),
        "cli-user": rand(rng, ALNUM, 13) + "$4",
        "env-secret": rand(rng, string.hexdigits, 40),
        "password-prose": "hunter" + rand(rng, ALNUM, 12) + "!",
        "private": "PRIVATE" + rand(rng, string.ascii_uppercase, 16),
        "private-key": "\n".join(rand(rng, ALNUM + "+/", 64) for _ in range(6)),
    }
    found |= {rule: Plant(rule, value) for rule, value in contextual.items()}
    found["basic-auth-password"] = Plant("basic-auth", password)
    found |= {name: Plant(name, token(parts, rng)) for name, parts in FORMATS if name not in found}
    return found | named_leaks(rng)


def named_leaks(rng: random.Random) -> dict[str, Plant]:
    """The formats issue 20 found leaking, each as the value its context names."""
    lower = string.ascii_lowercase
    values = {
        "azure-account-key": rand(rng, ALNUM + "+/", 86) + "==",
        "gcp-private-key-id": rand(rng, "0123456789abcdef", 40),
        "twilio-secret": rand(rng, ALNUM, 30) + "a7",
        "password-letters": rand(rng, lower, 9) + "x",
        "passphrase-spaced": " ".join(rand(rng, lower, 5) + "x" for _ in range(4)),
        "sudo-password": rand(rng, ALNUM, 10) + "!7",
    }
    return {name: Plant(name, value) for name, value in values.items()}


def pem(plant: Plant) -> str:
    return f"-----BEGIN RSA PRIVATE KEY-----\n{plant.secret}\n-----END RSA PRIVATE KEY-----"


def leaks(data: bytes, plants: dict[str, Plant]) -> list[str]:
    lowered = data.lower()
    return sorted(name for name, plant in plants.items() if any(t in lowered for t in plant.traces()))


def files_under(home: Path) -> list[Path]:
    """Every file Abzu wrote: both stores, their -wal and -shm, logs, spool, review snapshots."""
    return sorted(p for p in home.rglob("*") if p.is_file())
