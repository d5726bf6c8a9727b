"""Near-duplicates of a bulk batch's items in the store, found through their rarest words.

A text above the similarity threshold misses fewer than (1 - threshold) of a note's distinct
tokens, so it holds one of any ceil((1 - threshold) * len(tokens)) of them (as in
`batch_neighbours`). When the note's rarest words are each held by few stored rows, those rows
are every possible near-duplicate: they are read and compared, and a note whose rarest words
no stored row holds needs no row read at all. Each word is looked up once per batch, however
many items hold it. Only when a note has no rare word (or too few plain ASCII ones, the only
kind whose look-up is sure to match as the tokenizer splits it) does the store's bounded
probe (`MemoryWriter.neighbours`) answer instead.
"""

import math
import re
from collections.abc import Collection
from dataclasses import dataclass, field

from abzu.application.ports import MemoryRows
from abzu.domain.bead import Bead, Candidate
from abzu.domain.dedup import Existing, overlap, token_set

RARE = 48  # a word more stored rows hold than this is common: the bounded probe answers
_PLAIN = re.compile(r"[a-z0-9]+")
Store = MemoryRows[Bead] | MemoryRows[Candidate]


@dataclass(slots=True)
class StoreNeighbours:
    """One batch's look-ups of one store (a new one each batch: it caches what the store held
    when the batch began, and a batch reads everything before it writes)."""

    store: Store
    threshold: float
    _holders: dict[str, tuple[int, ...] | None] = field(default_factory=dict)
    _rows: dict[str | None, dict[int, Existing | None]] = field(default_factory=dict)

    def closest(self, project: str | None, content: str, exclude: Collection[str],
                limit: int = 3) -> list[Existing] | None:
        """The live rows of `project` most similar to `content`, not in `exclude`, most similar
        first (ties: the newest); None when the note has no rare word to look rows up by."""
        tokens = token_set(content)
        rarest = self._rarest(tokens)
        if rarest is None:
            return None
        keys = set().union(*rarest)
        scored = [(score, k, e) for k, e in self._live(project, keys) if e.item_id not in exclude
                  and (score := overlap(tokens, token_set(e.content))) > self.threshold]
        scored.sort(key=lambda s: (-s[0], -s[1]))  # only rows above the threshold sway a verdict
        return [e for _, _, e in scored[:limit]]

    def _rarest(self, tokens: frozenset[str]) -> list[tuple[int, ...]] | None:
        needed = max(1, math.ceil((1 - self.threshold) * len(tokens)))
        plain = [t for t in tokens if _PLAIN.fullmatch(t)]
        if len(plain) < needed:
            return None
        unknown = [t for t in plain if t not in self._holders]
        if unknown:
            self._holders |= self.store.holders(unknown, RARE)
        found = sorted((len(h), h) for t in plain if (h := self._holders[t]) is not None)
        return [h for _, h in found[:needed]] if len(found) >= needed else None

    def _live(self, project: str | None, keys: set[int]) -> list[tuple[int, Existing]]:
        known = self._rows.setdefault(project, {})
        if unknown := [k for k in keys if k not in known]:
            live = self.store.live_by_key(unknown, project)
            known |= {k: live.get(k) for k in unknown}
        return [(k, e) for k in keys if (e := known[k]) is not None]
