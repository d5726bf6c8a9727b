"""The ports of the team memory (issue 32): the server as a member sees it, the local cache the
hooks read, and the team's side of recall."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from abzu.domain.term_weights import TermCounts

# Names only: the SessionStart hook reads the team's copy through TeamRecall, and domain.team
# would load the redaction engine into every start of a member (~30 ms of imports, issue 32).
if TYPE_CHECKING:
    from abzu.domain.bead import Bead, Candidate
    from abzu.domain.ranking import SearchHit
    from abzu.domain.scope import Scope
    from abzu.domain.team import Membership, SharedMemory


class TeamRefused(Exception):
    """The team server refused (a role without the right, a project not granted): one line."""


class TeamUnavailable(Exception):
    """The team server could not be reached, or did not answer in time: one line."""


@dataclass(frozen=True, slots=True)
class TeamItem:
    """A memory of the team store with who wrote it (the server's word) and where."""

    memory: "Bead | Candidate"
    author: str
    machine: str | None


@dataclass(frozen=True, slots=True)
class TeamCounts:
    beads: int
    staged: int


class TeamServer(Protocol):
    """The team store as this member may see it (its granted projects); every refusal is the
    server's (roles and row-level security), raised as TeamRefused; an unreachable or slow
    server as TeamUnavailable. Each call is its own transaction."""

    def membership(self) -> "Membership": ...
    def counts(self) -> TeamCounts: ...
    def share(self, memories: "Sequence[SharedMemory]", *, stage: bool) -> int:
        """Beads (or, with `stage`, candidates awaiting a team reviewer) the team does not hold
        yet (same id, or same text in the project), all or none; how many were new."""
        ...
    def promote(self, candidate_id: str, bead_id: str) -> bool:
        """A staged candidate becomes the team's bead `bead_id` (its author kept); False: no such
        candidate in sight."""
        ...
    def everything(self) -> list[TeamItem]:
        """Every live bead and candidate this member may read (what the cache keeps)."""
        ...


class TeamCache(Protocol):
    """The last copy of the team's memories on this machine, read by the hooks and by recall when
    the server is away. `replace` swaps the whole copy at once: a reader sees the old or the new."""

    def replace(self, items: Sequence[TeamItem], at: datetime) -> None: ...
    def refreshed_at(self) -> datetime | None: ...
    def size(self) -> int: ...


@dataclass(frozen=True, slots=True)
class TeamTerms:
    """What the team store holds of a query's terms, table by table (`tables`: its beads, its
    staged candidates), and whether the server counted them (`live`) or the local copy did: a
    search reuses counts only on the side that took them."""

    tables: tuple[TermCounts, ...]
    live: bool


class TeamRecall(Protocol):
    """The team's side of a recall: hits shaped and scaled like the local stores', each naming
    its author. As a local store's search (application/ports.MemorySearch), in two halves: the
    terms' counts, which join the local ones to make one weight a term (domain/term_weights.py),
    then the search with those weights. Never raises: an unreachable server gives the cache's
    counts and hits (one log line)."""

    def term_counts(self, terms: Sequence[str]) -> TeamTerms: ...
    def search(
        self, terms: Sequence[str], scope: "Scope", *, limit: int, now: datetime,
        counts: TeamTerms | None = None, weights: Sequence[float] | None = None,
    ) -> "list[SearchHit]": ...
