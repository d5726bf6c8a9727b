"""Text on its way into abzu.db: trimmed, empty as None, secrets redacted (every ingress)."""

from abzu.domain.redaction import redact


def stored_text(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    return redact(text.strip()).text
