"""Building FTS5 MATCH expressions that never raise, whatever the user typed."""

from collections.abc import Sequence


def match_any(terms: Sequence[str]) -> str | None:
    """OR of quoted terms; None when nothing searchable is left (an empty MATCH is an error).

    Quoting makes every token a literal phrase, so `AND`, `C++`, `a:b`, `foo-bar` or a stray
    `"` are searched for, not parsed as syntax.
    """
    # SQLite reads the expression as a C string: a NUL would end it inside a quote.
    cleaned = (t.replace("\x00", "") for t in terms)
    quoted = ['"' + t.replace('"', '""') + '"' for t in cleaned if any(ch.isalnum() for ch in t)]
    return " OR ".join(quoted) or None
