"""FTS5 MATCH expressions that never raise, whatever the user typed (no SQLAlchemy: the hooks
import this on their latency budget)."""

from collections.abc import Sequence

from abzu.domain.text import probe_groups

MAX_TERMS = 64  # keeps statements small whatever a caller passes; keywords() stops at 32


def quoted_terms(terms: Sequence[str]) -> list[str]:
    """Each term as a literal FTS5 phrase; terms without a letter or digit are dropped.

    Quoting means `AND`, `C++`, `a:b`, `foo-bar` or a stray `"` are searched for, not parsed as
    syntax. SQLite reads the expression as a C string, so a NUL would end it inside a quote.
    """
    cleaned = (t.replace("\x00", "") for t in terms)
    quoted = ['"' + t.replace('"', '""') + '"' for t in cleaned if any(ch.isalnum() for ch in t)]
    return list(dict.fromkeys(quoted))[:MAX_TERMS]


def match_groups(terms: Sequence[str], must_share: int) -> list[str]:
    """One MATCH expression (an AND-group, see `probe_groups`) per group: every row holding at
    least `must_share` of `terms` matches one of them (a few holding fewer may too)."""
    searchable = [t.replace("\x00", "") for t in terms if any(ch.isalnum() for ch in t)]
    # A row may hold an unsearchable term we cannot ask for: expect that many fewer.
    needed = must_share - (len(terms) - len(searchable))
    return [
        "(" + " AND ".join('"' + t.replace('"', '""') + '"' for t in group) + ")"
        for group in probe_groups(searchable, needed)
    ]
