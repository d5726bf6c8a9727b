"""Text a reviewer wrote (or a candidate carried) on its way into wisdom.db: screened and redacted."""

from returns.result import Result

from abzu.domain.content import MAX_CONTENT_CHARS, clean_content
from abzu.domain.errors import ContentTooLong, EmptyContent
from abzu.domain.poisoning import strip_invisible
from abzu.domain.redaction import redact
from abzu.domain.review.model import Rejection

REASON_CHARS = 200


def stored_text(raw: str, limit: int = MAX_CONTENT_CHARS) -> Result[str, EmptyContent | ContentTooLong]:
    """Invisible characters stripped, secrets redacted, whitespace tidied, length checked."""
    return clean_content(redact(strip_invisible(raw)).text, limit=limit)


def stored_reason(raw: str) -> str:
    flat = " ".join(redact(strip_invisible(raw)).text.split())
    return flat[:REASON_CHARS]


def optional_text(raw: str | None) -> str | None:
    if raw is None:
        return None
    return " ".join(redact(strip_invisible(raw)).text.split()) or None


def stored_rejection(rejection: Rejection) -> Rejection:
    """Rejections quote what the reviewer said (unknown ids, actions): redacted like any input."""
    return Rejection(rejection.rule, stored_reason(rejection.detail),
                     tuple(stored_reason(i)[:80] for i in rejection.ids))
