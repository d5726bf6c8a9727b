"""How a token rule scans: a provider's prefix and shape, then entropy and an allowlist."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from abzu.domain.redaction.base import Hit, Rule, shannon_entropy
from abzu.domain.redaction.checks import left_boundary
from abzu.domain.redaction.gates import Gate
from abzu.domain.redaction.haystack import Haystack, matches_from
from abzu.domain.redaction.patterns import lazy


def token_rule(
    rule_id: str,
    gate: Gate,
    pattern: str,
    *,
    min_entropy: float = 3.0,
    boundary: bool = True,
    accept: Callable[[str], bool] | None = None,
    starts: Callable[[Haystack], Iterable[int]] | None = None,
) -> Rule:
    """A rule for one token format; `starts` lists where a match can start, for patterns that do
    not begin with a literal (`re` would otherwise try every position of the text). The pattern
    is compiled on the first text whose gate opens (patterns.py): there are ~100 token rules and
    a `remember` opens a few at most."""
    compiled = lazy(pattern)

    def scan(hay: Haystack) -> Iterator[Hit]:
        regex = compiled()
        group: int | str = "s" if "s" in regex.groupindex else 0
        text = hay.text
        matches = regex.finditer(text) if starts is None else matches_from(regex, text, starts(hay))
        for match in matches:
            start, end = match.span(group)
            if boundary and not left_boundary(text, match.start()):
                continue
            if _kept(text[start:end], min_entropy, accept):
                yield rule_id, start, end

    return Rule(gate, scan)


def _kept(secret: str, min_entropy: float, accept: Callable[[str], bool] | None) -> bool:
    return shannon_entropy(secret) >= min_entropy and (accept is None or accept(secret))


def is_jwt(token: str) -> bool:
    header, payload, _signature = token.split(".", 2)
    return _is_json_object(header) and _is_json_object(payload)


def _is_json_object(segment: str) -> bool:
    import base64  # here: only a JWT-shaped token needs them, and most texts hold none
    import json

    try:
        raw = base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))
        return isinstance(json.loads(raw), dict)
    except (ValueError, RecursionError):  # binascii.Error and JSON/Unicode errors are ValueErrors
        return False


def run_start(prefix: str) -> str:
    """`prefix`, only where a run of token characters starts (or after a JSON-escaped newline).

    Otherwise a text like "eyJeyJeyJ…" would rescan up to the quantifier bound from every
    occurrence. The check is a look-behind placed after the literal so that `re` can still
    search for the literal quickly instead of trying the pattern at every position.
    """
    return rf"{prefix}(?:(?<![A-Za-z0-9_-]{prefix})|(?<=\\[nrt]{prefix}))"


ASSIGN_OP = r"(?:\\?[\"'])?[ \t]{0,4}+(?:=>|:=|[:=])[ \t]{0,4}+(?:\\?[\"'])?"
