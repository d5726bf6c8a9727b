"""Types shared by the engine and every scanner: findings, rules, the marker format."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from abzu.domain.redaction.gates import Gate
from abzu.domain.redaction.haystack import Haystack


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    start: int  # offset in the ORIGINAL text
    end: int


@dataclass(frozen=True, slots=True)
class Redacted:
    text: str
    findings: tuple[Finding, ...]  # offsets in the text once its private spans are dropped
    private_spans: int = 0  # `<private>…</private>` spans dropped whole, before any rule ran

    @property
    def changed(self) -> bool:
        return bool(self.findings) or self.private_spans > 0


def marker(rule: str, secret: str) -> str:
    from abzu.domain.content import sha256_hex  # the built-in SHA-256: no OpenSSL load (~5 ms)

    digest = sha256_hex(secret.encode("utf-8", "surrogatepass"))
    return f"[REDACTED:{rule}:{digest[:4]}]"


def shannon_entropy(value: str) -> float:
    if not value:
        return 0.0
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in Counter(value).values())


Hit = tuple[str, int, int]
Scanner = Callable[[Haystack], Iterator[Hit]]


class Rule:
    """A gate and its scanner. A plain slotted class (~150 rules are made at import, nothing
    compares them): a dataclass's generated methods cost ~1 ms to create per process."""

    __slots__ = ("gate", "scan")

    def __init__(self, gate: Gate, scan: Scanner) -> None:
        self.gate = gate  # cheap; False only when the scanner cannot find anything in this text
        self.scan = scan
