"""The one renderer for stored text shown to a model or a terminal (spec §7, issue 20.1).

Every door (session start, post-compaction, MCP, CLI text and `--json`) shows stored text
through these functions, so a note written by a hostile repository, transcript or reviewer stays
data everywhere:

- the text sits inside a fence whose name carries a random nonce chosen per answer, after the
  text was stored, so stored text cannot contain the matching closing tag;
- `<` is escaped anyway, so no tag at all (a fence, `</system-reminder>`, …) can appear inside;
- invisible characters are dropped: zero-width, bidi overrides and other format or control
  characters can hide or reorder what a reader sees; line and paragraph separators become
  newlines;
- in a block, every stored line starts with "> ", so stored text can never begin a line of
  the block and forge a heading such as `Project state:` or `[abzu-memory]`.

Standard library only: the hooks import this on their hot path.
"""

import os

_KEEP_CONTROLS = frozenset("\n\t")
_HIDDEN = frozenset(("Cf", "Cc", "Cs", "Co", "Cn"))
# ASCII's invisible characters: C0 controls but tab and newline, and DEL (issue 13: a
# per-character filter here was a fifth of an MCP recall's CPU).
_ASCII_HIDDEN = dict.fromkeys([*(c for c in range(32) if chr(c) not in _KEEP_CONTROLS), 0x7F])
_NEWLINES = str.maketrans({"\u2028": "\n", "\u2029": "\n", "\r": "\n", "\x85": "\n"})


def new_fence() -> str:
    """A fresh fence name such as `memory-9f2c1a7b`, one per answer or injected block."""
    return f"memory-{os.urandom(4).hex()}"  # what secrets.token_hex does, without its imports


def neutralise(text: str) -> str:
    """`text` without invisible characters and with `<` escaped; line breaks and code stay."""
    return visible(text).replace("<", "&lt;")


def visible(text: str) -> str:
    """`text` without invisible characters, `<` left as it is: only for a renderer that escapes
    markup itself (the web page's Jinja2 templates, autoescape on), which would otherwise show
    `&lt;` literally. Everywhere else, `neutralise`."""
    text = text.translate(_NEWLINES)
    if text.isascii():  # the common case: one C-speed pass, no per-character Python code
        shown = text.translate(_ASCII_HIDDEN)
    else:
        import unicodedata  # a shared library to load: only for text that needs it (hooks run often)

        shown = "".join(
            ch for ch in text if ch in _KEEP_CONTROLS or unicodedata.category(ch) not in _HIDDEN
        )
    return shown


def one_line(text: str) -> str:
    """Neutralised and flattened: for labels and previews that must stay on one line."""
    return " ".join(neutralise(text).split())


def short_line(text: str | None, limit: int = 300) -> str:
    """`one_line`, cut to `limit` characters (the last one an ellipsis): a preview."""
    flat = one_line(text or "")
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def one_line_or_none(text: str | None) -> str | None:
    """`one_line` for an optional stored field (a summary, a project, a reason)."""
    return None if text is None else one_line(text)


def label(**attributes: str | None) -> str:
    """`key=value` pairs for an opening fence tag; values are one-line, neutralised, and quoted
    when they hold spaces, `"` or `>` (which could otherwise end the tag)."""
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        flat = one_line(value).replace('"', "'").replace(">", "&gt;")
        parts.append(f'{key}="{flat}"' if (" " in flat or not flat or "&gt;" in flat) else f"{key}={flat}")
    return " ".join(parts)


def quote(text: str, *, item_id: str, fence: str) -> str:
    """`<fence id=…>text</fence>` on one span: the text as inert data, labelled with the memory
    it came from (MCP and CLI answers, where each item is its own field)."""
    return quote_inline(text, fence=fence, labels=label(id=item_id))


def quote_inline(text: str, *, fence: str, labels: str = "") -> str:
    opening = f"<{fence} {labels}>" if labels else f"<{fence}>"
    return f"{opening}{neutralise(text)}</{fence}>"


def quote_block(text: str, *, fence: str, labels: str = "") -> str:
    """The fence tags on their own lines and every stored line prefixed with "> "."""
    opening = f"<{fence} {labels}>" if labels else f"<{fence}>"
    return f"{opening}\n{quote_lines(text)}\n</{fence}>"


def quote_lines(text: str) -> str:
    """Every line of neutralised `text` prefixed with "> ": it reads as a citation."""
    lines = neutralise(text).strip().splitlines() or [""]
    return "\n".join(f"> {line}".rstrip() for line in lines)
