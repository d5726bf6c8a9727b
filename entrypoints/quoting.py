"""Stored text shown to a model or a terminal: the one renderer lives in `abzu.domain.quoting`
(standard library only, shared with the hooks); this module keeps the entrypoints' import path."""

from abzu.domain.quoting import label, neutralise, new_fence, one_line, quote, quote_block, quote_inline

__all__ = ["RESULT_CHARS", "clip", "label", "neutralise", "new_fence", "one_line", "one_line_or_none",
           "quote", "quote_block", "quote_inline"]

# Recall shows what was stored, whole, up to this many characters per result (a long pasted
# log is cut, with the id to ask for the rest), so ten results stay within a model's reading.
RESULT_CHARS = 2000


def clip(text: str, limit: int = RESULT_CHARS) -> str:
    """The text as stored (line breaks kept: code and logs need them), cut at `limit`."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def one_line_or_none(text: str | None) -> str | None:
    """`one_line` for an optional stored field (a summary, a project, a reason)."""
    return None if text is None else one_line(text)
