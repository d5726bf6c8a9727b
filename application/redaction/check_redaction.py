"""What the redactor would do to a text, told without repeating any secret (`abzu redact --check`)."""

from dataclasses import dataclass

from abzu.domain.redaction import Finding, drop_private, marker, redact

CONTEXT_CHARS = 24


@dataclass(frozen=True, slots=True)
class Hit:
    rule: str
    line: int  # 1-based, in the text once private spans are dropped
    column: int  # 1-based
    length: int  # characters of the secret: it is never shown
    context: str  # the surroundings on its line, already redacted


@dataclass(frozen=True, slots=True)
class RedactionCheck:
    redacted: str
    hits: tuple[Hit, ...]
    private_spans: int

    @property
    def changed(self) -> bool:
        return bool(self.hits) or self.private_spans > 0


@dataclass(frozen=True, slots=True)
class CheckRedaction:
    """- Private spans are dropped first; hits are located in what remains.
    - A hit names its rule, line, column and length; its context is the redacted line around it,
      so the report itself (which may land in a terminal log or an agent's transcript) leaks nothing.
    """

    def execute(self, text: str) -> RedactionCheck:
        visible, private_spans = drop_private(text)
        result = redact(visible)
        hits, shift = [], 0
        for finding in result.findings:
            marker_start = finding.start + shift
            shift += _marker_length(finding) - (finding.end - finding.start)
            hits.append(_hit(visible, result.text, finding, marker_start))
        return RedactionCheck(result.text, tuple(hits), private_spans)


def _marker_length(finding: Finding) -> int:
    return len(marker(finding.rule, ""))


def _hit(text: str, redacted: str, finding: Finding, marker_start: int) -> Hit:
    """Context is cut from the redacted text: a cut through the original could leave half of a
    neighbouring secret that no rule recognises any more."""
    marker_end = marker_start + _marker_length(finding)
    line_start = redacted.rfind("\n", 0, marker_start) + 1
    line_end = redacted.find("\n", marker_end)
    line_end = len(redacted) if line_end == -1 else line_end
    left, right = max(line_start, marker_start - CONTEXT_CHARS), min(line_end, marker_end + CONTEXT_CHARS)
    context = redacted[left:right]
    original_line_start = text.rfind("\n", 0, finding.start) + 1
    return Hit(
        finding.rule, text.count("\n", 0, finding.start) + 1, finding.start - original_line_start + 1,
        finding.end - finding.start, " ".join(context.split()),
    )
