"""Stored text shown to a model is quoted as data inside a fence it cannot forge.

The fence name carries a random nonce chosen per answer, after the text was stored, so stored
text cannot contain a matching closing tag; `<` is escaped anyway so no tag at all can appear
inside a quote. Invisible characters (zero-width, bidi overrides) are dropped: they can hide or
reorder what a reader sees.
"""

import secrets
import unicodedata

_KEEP_CONTROLS = frozenset("\n\t")


def new_fence() -> str:
    """A fresh fence name such as `memory-9f2c1a7b`, one per answer."""
    return f"memory-{secrets.token_hex(4)}"


def neutralise(text: str) -> str:
    visible = "".join(
        ch for ch in text if ch in _KEEP_CONTROLS or unicodedata.category(ch) not in ("Cf", "Cc")
    )
    return visible.replace("<", "&lt;")


def quote(text: str, *, item_id: str, fence: str) -> str:
    """`<fence id=…>text</fence>`: the text as inert data, labelled with the memory it came from."""
    return f"<{fence} id={neutralise(item_id)}>{neutralise(text)}</{fence}>"
