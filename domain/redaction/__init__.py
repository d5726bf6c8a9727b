"""Secret redaction: no credential reaches storage, and nothing the user marked private.

Before any rule runs, ``<private>…</private>`` spans are dropped whole (``private``).

Every rule follows the gitleaks recipe: a cheap keyword prefilter on the lower-cased text (the
regex is skipped when no keyword occurs), a linear-time regex (bounded quantifiers only,
possessive wherever backtracking could compound), then where useful a Shannon-entropy gate
and an allowlist. Contextual rules (`password = …`, prose, `.env` lines) add checks on the key
name and on the value's shape, because ordinary code is full of `token = …`. Each secret is
replaced by ``[REDACTED:<rule-id>:<first 4 hex of sha256(secret)>]``: stable enough to
deduplicate on, useless to an attacker.

Speed (≥ 50 MB/s is the goal): Python's `re` costs tens of nanoseconds per character when a
pattern is tried at every position (a pattern that starts with a literal is searched for fast),
so the rules avoid that. A ``Haystack``
(an ASCII copy of the text, its folded copy, and the positions of every trigger word, found in
one Aho-Corasick pass by ``finder``) is shared by all rules; each rule's gate is a necessary
condition checked against it; the contextual scanners match their regexes only where a trigger
word lets a match start, keeping what `finditer` over the whole text would find.

The package is laid out by concern: ``base`` (findings, rule types, the marker), ``engine``
(scan, merge, apply, rescan), ``haystack`` / ``finder`` / ``gates`` (where words occur, which
rules may fire), ``checks`` (shared value checks), the scanners (``tokens`` with the table in
``token_rules``, ``structural``, ``contextual`` with ``keynames``, ``prose`` with ``links``,
``dotenv``) and ``rules`` (their priority order).
"""

from abzu.domain.redaction.base import Finding, Redacted, marker
from abzu.domain.redaction.engine import redact
from abzu.domain.redaction.private import drop_private

__all__ = ["Finding", "Redacted", "drop_private", "marker", "redact"]
