"""Building FTS5 MATCH expressions that never raise, whatever the user typed."""

from collections.abc import Sequence

from abzu.domain.dedup import probe_groups


def match_any(terms: Sequence[str]) -> str | None:
    """OR of quoted terms; None when nothing searchable is left (an empty MATCH is an error).

    Quoting makes every token a literal phrase, so `AND`, `C++`, `a:b`, `foo-bar` or a stray
    `"` are searched for, not parsed as syntax.
    """
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms if any(ch.isalnum() for ch in t)]
    return " OR ".join(quoted) or None


def match_at_least(terms: Sequence[str], must_share: int) -> str | None:
    """Matches every row holding at least `must_share` of `terms` (and possibly a few more):
    an OR of AND-groups (see `probe_groups`). Far fewer rows than `match_any` to rank."""
    searchable = [t for t in terms if any(ch.isalnum() for ch in t)]
    # A row may hold an unsearchable term we cannot ask for: expect that many fewer.
    needed = must_share - (len(terms) - len(searchable))
    groups = [
        "(" + " AND ".join('"' + t.replace('"', '""') + '"' for t in group) + ")"
        for group in probe_groups(searchable, needed)
    ]
    return " OR ".join(groups) or None
