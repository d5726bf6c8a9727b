"""The ports the use cases need. Adapters implement them; tests use the fakes in tests/fakes.py."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Protocol, Self, TypeVar

from abzu.application.basic_ports import Clock as Clock  # re-exported
from abzu.application.basic_ports import IdGenerator as IdGenerator
from abzu.application.basic_ports import Remotes as Remotes
from abzu.application.basic_ports import Workspace as Workspace
from abzu.domain.anchors import Anchor
from abzu.domain.bead import Bead, Candidate
from abzu.domain.dedup import Existing
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

M = TypeVar("M", Bead, Candidate)


class MemoryRows(Protocol[M]):
    """Rows of one store (beads or candidates) by id and by content. Never commits; `get`
    returns None for unknown ids."""

    def get(self, item_id: str) -> M | None: ...
    def add(self, item: M) -> None: ...
    def add_many(self, items: Sequence[M]) -> None:
        """`add` for each of `items`, in order, as one statement (bulk import)."""
        ...
    def update(self, item: M) -> None: ...
    def supersede(self, item_id: str, by: str) -> bool:
        """Marks the live row `item_id` replaced by `by` (that column only). False: the row is
        gone or already replaced, and it is left as it is."""
        ...

    def find_by_hash(self, content_hash: str, project: str | None) -> M | None: ...
    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]:
        """`find_by_hash` for many at once (bulk import): hash -> id of the row it would find."""
        ...
    def any_live(self, project: str | None) -> bool:
        """Whether exactly `project` (None = global) holds a row not superseded: a bulk import
        skips its near-duplicate searches of a store that has none."""
        ...
    def settle_index(self) -> None:
        """After a bulk batch: a bounded share of the full-text index's upkeep, so the next
        batch's searches pay for few index segments. Never commits."""
        ...
    def holders(self, words: Sequence[str], most: int) -> dict[str, tuple[int, ...] | None]:
        """Word -> the row keys (larger: newer) of every row whose content holds it, any project,
        superseded or not (a stemming index may add rows holding a word of the same stem);
        None when more than `most` rows do. Words must be lower-case ASCII letters and digits."""
        ...
    def live_by_key(self, keys: Sequence[int], project: str | None) -> dict[int, Existing]:
        """The live rows of exactly `project` among `keys` (see `holders`)."""
        ...


class MemorySearch(Protocol):
    """Full-text reading of one store.

    `search` matches any of `terms` (case-folded words), ignores superseded (and, for beads,
    flagged) rows and reports each hit's decay weight as of `now` (1.0 for candidates), with a
    ceiling that makes hits of the two stores comparable (see `SearchHit`); `neighbours` returns
    the closest live rows in exactly `project` (None = global) for duplicate detection, among
    those holding at least `must_share` of `terms` (a few holding fewer may come too). Both return
    the strongest matches first; an implementation may bound its work for words found in very
    many rows (rank the newest of them) as long as rarer words are ranked exactly.

    A search over several stores weighs each term alike in all of them: `term_counts` says what
    this store holds of `terms`, `shared_weights` (domain/term_weights.py) of every store's counts
    gives the weights, and `search` takes back this store's counts and those weights. Without
    them a store weighs the terms by its own counts.
    """

    def term_counts(self, terms: Sequence[str]) -> TermCounts: ...
    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]: ...
    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]: ...


class BeadLifecycle(Protocol):
    """What happens to beads over time: recall stamps, decay, deletion of flagged ones."""

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None: ...
    def apply_decay(self, now: datetime) -> int:
        """Store each bead's decay weight as of `now`; returns how many weights changed."""
        ...
    def delete_flagged(self) -> list[str]:
        """Delete every bead flagged for deletion (the only automatic deletion); returns their ids."""
        ...
    def forget(self, bead_id: str) -> list[str]:
        """A person's deletion of one bead with every older version it superseded (directly or
        not); returns the older versions' ids."""
        ...


class BeadReview(Protocol):
    """What a review reads of permanent memory."""

    def created_since(self, moment: datetime) -> list[Bead]:
        """Beads created strictly after `moment`, oldest first (an undo keeps them)."""
        ...
    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[Bead]:
        """Live, unflagged beads matching any of `terms`, best first: review context.
        `project` None means every project (a full review); a name means only that project's."""
        ...
    def unreviewed(self, project: str | None = None, *, limit: int | None = None) -> list[Bead]:
        """Live, unflagged beads the agent wrote that no review or person vouched for yet
        (`vouched_by` agent), oldest first; `project` None: every project's and global ones."""
        ...


class BeadRepository(MemoryRows[Bead], MemorySearch, BeadLifecycle, BeadReview, Protocol):
    """Beads in wisdom.db: every capability of permanent memory."""


class CandidateStaging(Protocol):
    """The staging queue a review works through."""

    def staged(self, project: str | None = None, *, limit: int | None = None) -> list[Candidate]:
        """Live (not superseded) candidates, oldest first; `project` None means every project."""
        ...
    def superseded_by(self, candidate_id: str) -> list[Candidate]:
        """The older candidates that `candidate_id` superseded at write time."""
        ...
    def delete(self, candidate_id: str) -> None:
        """Remove a candidate from staging (it was promoted, merged or discarded)."""
        ...


class CandidateRepository(MemoryRows[Candidate], MemorySearch, CandidateStaging, Protocol):
    """Staged candidates in abzu.db: the same rows and search as beads, without decay."""


class ProjectRegistry(Protocol):
    """The `projects` table: one row per project name; `path` is the repository root it was
    first seen at, `remote` the repository's normalised remote URL (issue 29), each if known.

    A path belongs to at most one name, and so does a remote. `claim` gives a root (and its
    remote) to a project registered without a root, unless the project is known by another
    remote, and answers whether `name` now has that root; `touch` on an unknown name does nothing.
    """

    def name_for_path(self, path: str) -> str | None: ...
    def name_for_remote(self, remote: str) -> str | None: ...
    def exists(self, name: str) -> bool: ...
    def register(self, name: str, path: str | None, at: datetime, remote: str | None = None) -> None: ...
    def claim(self, name: str, path: str, remote: str | None = None) -> bool: ...
    def add_remote(self, name: str, remote: str) -> None:
        """Records `remote` for a project that has none, unless another project holds it."""
        ...
    def touch(self, name: str, at: datetime) -> None: ...
    def needs_touch(self, name: str, at: datetime) -> bool:
        """Whether `touch` would change anything (a writer may then skip the store)."""
        ...


@dataclass(frozen=True, slots=True)
class BeadStats:
    by_category: dict[str, int]
    by_project: dict[str | None, int]
    starred: int
    flagged: int
    superseded: int
    weights: dict[float, int]


class MemoryStats(Protocol):
    """Aggregate counts for `status`; read-only."""

    def bead_stats(self, now: datetime) -> BeadStats: ...
    def staged_by_project(self) -> dict[str | None, int]: ...
    def last_review_at(self) -> datetime | None: ...


@dataclass(frozen=True, slots=True)
class StoreFile:
    name: str
    path: str
    size_bytes: int


class StoreLocations(Protocol):
    """The database files behind the stores, with their sizes on disk (WAL included)."""

    def describe(self) -> tuple[StoreFile, ...]: ...


class AnchorRows(Protocol):
    """The anchors of the memories of one store (issue 16); never commits."""

    def attach(self, memory_id: str, anchors: Sequence[Anchor], commit: str | None = None) -> None: ...
    def of(self, memory_id: str) -> tuple[Anchor, ...]: ...


class BeadSources(Protocol):
    """The `derived_from` relation: the candidates a promotion and the candidates and beads a
    consolidation made a bead from (ids only; issue 15)."""

    def record(self, bead_id: str, source_ids: Sequence[str]) -> None: ...
    def of(self, bead_id: str) -> tuple[str, ...]:
        """Its sources, by id; () for a bead remembered directly."""
        ...


class UnitOfWork(Protocol):
    """One transaction per store, opened on first use; `commit` is explicit and leaving the
    block without it rolls back. Write transactions take the write lock up front."""

    @property
    def beads(self) -> BeadRepository: ...
    @property
    def candidates(self) -> CandidateRepository: ...
    @property
    def projects(self) -> ProjectRegistry: ...
    @property
    def stats(self) -> MemoryStats: ...
    @property
    def bead_anchors(self) -> AnchorRows: ...
    @property
    def candidate_anchors(self) -> AnchorRows: ...
    @property
    def bead_sources(self) -> BeadSources: ...

    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
