"""A team memory (issue 32): what may leave this machine for the team's server, and who may do what.

The team store holds reviewed beads of the team's projects and the team's staged candidates. A
memory stays on this machine when it is one person's (a preference), global (no team project),
marked private (a `private` tag, or a `<private>` tag in its text), not reviewed (the agent wrote
it and no review or person vouched for it: domain/vouching.py), or when redaction touched it:
it holds a redaction marker from when it was stored, or today's rules would change it (a secret
that slipped past older rules). A shared bead keeps who vouched for it (`person` or `review`).
Nothing is redacted "on the way out" into a new text: a memory
redaction would change is not sent at all, so a secret never reaches the server in any form.
"""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from abzu.domain.bead import Bead
from abzu.domain.category import Category
from abzu.domain.redaction import redact

PRIVATE_TAG = "private"
_MARKER = "[REDACTED:"


class TeamRole(StrEnum):
    """Granted in the database, checked by the server: a client's word changes nothing."""

    READER = "reader"
    WRITER = "writer"  # may stage candidates, never promote
    REVIEWER = "reviewer"  # may promote: write the team's beads
    OWNER = "owner"  # owns the schema (ran `abzu team init`): every right, every project


class KeptLocal(StrEnum):
    """Why a memory stays on this machine: fixed words, never its text."""

    PREFERENCE = "a preference is one person's"
    GLOBAL = "global: it belongs to no team project"
    PRIVATE = "marked private"
    UNREVIEWED = "written by the agent, not reviewed: confirm it first"
    REDACTED = "redaction touched it: secrets stay local"
    NOT_LIVE = "superseded or flagged"


@dataclass(frozen=True, slots=True)
class SharedMemory:
    """A reviewed bead as the team store receives it (never a preference, never private)."""

    id: str
    category: Category
    project: str
    content: str
    summary: str | None
    tags: tuple[str, ...]
    context: str | None
    content_hash: str
    created_at: datetime
    last_accessed: datetime | None
    vouched_by: str  # `person` or `review` (domain/vouching.REVIEWED)

    @classmethod
    def of(cls, bead: Bead) -> "SharedMemory":
        assert bead.project is not None and kept_local(bead) is None
        return cls(bead.id, bead.category, bead.project, bead.content, bead.summary, bead.tags,
                   bead.context, bead.content_hash, bead.created_at, bead.last_accessed,
                   bead.vouched_by.value)


def kept_local(bead: Bead) -> KeptLocal | None:
    """None when `bead` may be shared with the team; else why it stays here."""
    if bead.category is Category.PREFERENCE:
        return KeptLocal.PREFERENCE
    if not bead.is_live or bead.gemini_flagged:
        return KeptLocal.NOT_LIVE
    if bead.project is None:
        return KeptLocal.GLOBAL
    if not bead.vouched_by.reviewed:
        return KeptLocal.UNREVIEWED
    texts = [bead.content, bead.summary or "", bead.context or "", *bead.tags]
    if PRIVATE_TAG in (t.strip().lower() for t in bead.tags) or any("<private" in t.lower() for t in texts):
        return KeptLocal.PRIVATE
    if any(_MARKER in t or redact(t).changed for t in texts):
        return KeptLocal.REDACTED
    return None


@dataclass(frozen=True, slots=True)
class Membership:
    """Who this machine is on the team server: its login role, role and granted projects."""

    user: str
    role: TeamRole | None  # None: a login role holding none of the team's roles
    projects: tuple[str, ...]  # '*': every project
