"""Stored text shown to a model or a terminal: the one renderer lives in `abzu.domain.quoting`
(standard library only, shared with the hooks); this module keeps the entrypoints' import path."""

from abzu.domain.quoting import label, neutralise, new_fence, one_line, quote, quote_block, quote_inline

__all__ = ["label", "neutralise", "new_fence", "one_line", "quote", "quote_block", "quote_inline"]
