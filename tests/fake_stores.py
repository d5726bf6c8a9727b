"""In-memory doubles of the bead and candidate repositories (search, neighbours, decay)."""

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Generic, TypeVar

from abzu.domain.bead import Bead, Candidate
from abzu.domain.decay import DecayPolicy
from abzu.domain.dedup import Existing, token_set
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts
from abzu.domain.text import words

if TYPE_CHECKING:
    from tests.fakes import InMemoryProjects


def _strength(terms: Sequence[str], text: str) -> float:
    """A stand-in for BM25: how many query terms (stem-free) occur, weighted by frequency."""
    tokens = words(text)
    return float(sum(tokens.count(t) for t in terms)) / (1 + len(tokens) / 20)


T = TypeVar("T", Bead, Candidate)


class _Store(Generic[T]):
    def __init__(self) -> None:
        self.rows: dict[str, T] = {}

    def get(self, item_id: str) -> T | None:
        return self.rows.get(item_id)

    def add(self, item: T) -> None:
        assert item.id not in self.rows, "duplicate id"
        self.rows[item.id] = item

    def add_many(self, items: Sequence[T]) -> None:
        for item in items:
            self.add(item)

    def update(self, item: T) -> None:
        assert item.id in self.rows
        self.rows[item.id] = item

    def supersede(self, item_id: str, by: str) -> bool:
        item = self.rows.get(item_id)
        if item is None or not item.is_live:
            return False
        self.update(replace(item, superseded_by=by))
        return True

    def find_by_hash(self, content_hash: str, project: str | None) -> T | None:
        for item in self.rows.values():
            if item.content_hash == content_hash and item.project == project:
                return item
        return None

    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]:
        found: dict[str, str] = {}
        for item in self.rows.values():  # insertion order: the first stored wins, as in SQLite
            if item.content_hash in hashes and item.project == project:
                found.setdefault(item.content_hash, item.id)
        return found

    def any_live(self, project: str | None) -> bool:
        return any(i.is_live and i.project == project for i in self.rows.values())

    def settle_index(self) -> None:
        """No index to settle: an upkeep leaves nothing a reader could see."""

    def holders(self, words: Sequence[str], most: int) -> dict[str, tuple[int, ...] | None]:
        keys = {w: tuple(k for k, i in enumerate(self.rows.values()) if w in token_set(i.content))
                for w in words}  # a row's key: its place in insertion order, as a rowid
        return {w: found if len(found) <= most else None for w, found in keys.items()}

    def live_by_key(self, keys: Sequence[int], project: str | None) -> dict[int, Existing]:
        rows = list(self.rows.values())
        return {k: Existing(rows[k].id, rows[k].content) for k in keys
                if rows[k].is_live and rows[k].project == project}

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]:
        live = [i for i in self.rows.values() if i.is_live and i.project == project]
        scored = [(len(token_set(i.content) & set(terms)), i) for i in live]
        scored = [s for s in scored if s[0] >= max(1, must_share)]
        scored.sort(key=lambda s: -s[0])
        return [Existing(i.id, i.content) for _, i in scored[:limit]]

    def term_counts(self, terms: Sequence[str]) -> TermCounts:
        """Rows holding each term (live or not, as an FTS index counts them) and the row count."""
        texts = [words(f"{i.content} {i.summary or ''}") for i in self.rows.values()]
        return TermCounts(tuple(sum(t in text for text in texts) for t in terms), len(texts))

    def _hits(self, terms: Sequence[str], scope: Scope) -> list[tuple[float, T]]:
        found = []
        for item in self.rows.values():
            if not item.is_live or not scope.admits(item.project) or _flagged(item):
                continue
            strength = _strength(terms, f"{item.content} {item.summary or ''}")
            if strength > 0:
                found.append((strength, item))
        return sorted(found, key=lambda f: -f[0])


def _flagged(item: Bead | Candidate) -> bool:
    return isinstance(item, Bead) and item.gemini_flagged


class InMemoryBeads(_Store[Bead]):
    """Enforces wisdom.db's foreign keys: a bead's project is registered, `superseded_by` exists."""

    def __init__(self, decay: DecayPolicy | None = None, projects: "InMemoryProjects | None" = None) -> None:
        super().__init__()
        self.decay = decay or DecayPolicy()
        self.projects = projects

    def add(self, item: Bead) -> None:
        self._check_keys(item)
        super().add(item)

    def update(self, item: Bead) -> None:
        self._check_keys(item)
        super().update(item)

    def _check_keys(self, item: Bead) -> None:
        unknown_project = self.projects is not None and item.project is not None and (
            item.project not in self.projects.paths
        )
        if unknown_project or (item.superseded_by and item.superseded_by not in self.rows):
            raise ValueError("FOREIGN KEY constraint failed")

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        return [
            SearchHit(b.id, Source.BEAD, b.category, b.project, b.content, b.summary,
                      b.created_at, s, self.decay.weight(b, now=now), b.last_accessed,
                      vouched_by=b.vouched_by)
            for s, b in self._hits(terms, scope)[:limit]
        ]

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        for bead_id in bead_ids:
            self.rows[bead_id] = self.rows[bead_id].recalled(at=at)

    def apply_decay(self, now: datetime) -> int:
        changed = 0
        for b in list(self.rows.values()):
            weight = self.decay.weight(b, now=now)
            if weight != b.weight:
                self.rows[b.id], changed = replace(b, weight=weight), changed + 1
        return changed

    def created_since(self, moment: datetime) -> list[Bead]:
        return sorted((b for b in self.rows.values() if b.created_at > moment),
                      key=lambda b: b.created_at)

    def unreviewed(self, project: str | None = None, *, limit: int | None = None) -> list[Bead]:
        found = [b for b in self.rows.values() if b.is_live and not b.gemini_flagged and not b.reviewed
                 and (project is None or b.project == project)]
        return sorted(found, key=lambda b: (b.created_at, b.id))[:limit]

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[Bead]:
        found = [
            (_strength(terms, f"{b.content} {b.summary or ''}"), b) for b in self.rows.values()
            if b.is_live and not b.gemini_flagged and (project is None or b.project == project)
        ]
        return [b for s, b in sorted(found, key=lambda f: -f[0]) if s > 0][:limit]

    def delete_flagged(self) -> list[str]:
        doomed = [b.id for b in self.rows.values() if b.gemini_flagged]
        for b in list(self.rows.values()):
            if b.superseded_by in doomed:
                self.rows[b.id] = replace(b, superseded_by=None)
        for bead_id in doomed:
            del self.rows[bead_id]
        return doomed

    def forget(self, bead_id: str) -> list[str]:
        older = [b.id for b in self.rows.values() if b.superseded_by == bead_id]
        for old in list(older):
            older += self.forget(old)
        del self.rows[bead_id]
        return older


class InMemoryCandidates(_Store[Candidate]):
    def staged(self, project: str | None = None, *, limit: int | None = None) -> list[Candidate]:
        live = [c for c in self.rows.values()
                if c.is_live and (project is None or c.project == project)]
        return sorted(live, key=lambda c: (c.created_at, c.id))[:limit]

    def superseded_by(self, candidate_id: str) -> list[Candidate]:
        return [c for c in self.rows.values() if c.superseded_by == candidate_id]

    def delete(self, candidate_id: str) -> None:
        del self.rows[candidate_id]

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        return [
            SearchHit(c.id, Source.CANDIDATE, c.category, c.project, c.content, c.summary,
                      c.created_at, s)
            for s, c in self._hits(terms, scope)[:limit]
        ]
