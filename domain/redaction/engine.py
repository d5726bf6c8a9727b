"""The engine: run every rule, fuse overlapping candidates, apply markers, rescan until stable."""

from __future__ import annotations

import bisect

from abzu.domain.redaction.base import Finding, Redacted, marker
from abzu.domain.redaction.finder import Finder
from abzu.domain.redaction.gates import GatePlan
from abzu.domain.redaction.haystack import Haystack
from abzu.domain.redaction.patterns import lazy
from abzu.domain.redaction.private import drop_private
from abzu.domain.redaction.rules import RULES, SCANNER_WORDS

_MAX_PASSES = 3
_MARKER_RE = lazy(r"\[REDACTED:[a-z0-9-]{1,64}+:[0-9a-f]{4}\]")
_MASK = "\x00"


def redact(text: str) -> Redacted:
    """Drop private spans, then replace every secret by its marker; redacting the result changes nothing."""
    return redact_with(text, FINDER)


def redact_with(text: str, finder: Finder) -> Redacted:
    """`redact`, locating trigger words with `finder` (benchmarks and tests compare finders)."""
    text, private_spans = drop_private(text)
    findings: list[Finding] = []
    current = text
    # A marker changes the characters around a neighbouring candidate (word boundaries,
    # look-arounds), so rescan until nothing new appears: that makes redact idempotent.
    for _ in range(_MAX_PASSES):
        fresh = _scan(current, finder)
        if not fresh:
            break
        findings = sorted([*findings, *_to_original(fresh, findings)], key=_by_start)
        current = _apply(text, findings)
    return Redacted(current, tuple(findings), private_spans)


class _Candidate:
    # A plain slotted class: a dataclass would cost ~1 ms to create in every process.
    __slots__ = ("end", "priority", "rule", "start")

    def __init__(self, start: int, end: int, priority: int, rule: str) -> None:
        self.start, self.end, self.priority, self.rule = start, end, priority, rule


def _by_start(finding: Finding) -> int:
    return finding.start


def _scan(text: str, finder: Finder) -> list[Finding]:
    protected = [m.span() for m in _MARKER_RE().finditer(text)] if "[REDACTED:" in text else []
    # Existing markers are masked so their rule ids ("password-…", "…-token") never act as
    # context keywords, and any candidate touching one is dropped.
    hay = Haystack(_mask(text, protected), finder)
    candidates: list[_Candidate] = []
    for priority in _GATES.open(hay):
        for rule_id, start, end in RULES[priority].scan(hay):
            if start < end and not _overlaps(protected, start, end):
                candidates.append(_Candidate(start, end, priority, rule_id))
    return _merge(candidates)


# Candidates keep their rule's priority and merging sorts by it, so the order in which rules
# run does not matter.
_GATES = GatePlan([rule.gate for rule in RULES])
VOCABULARY = _GATES.vocabulary | SCANNER_WORDS  # every word a gate or a scanner looks up
FINDER = Finder(VOCABULARY)


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
