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
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from abzu.application.ports import MemoryRows
from abzu.domain.bead import Bead, Candidate
from abzu.domain.dedup import Existing, overlap, token_set

RARE = 128  # a word more stored rows hold than this is common: the bounded probe answers
_PLAIN = re.compile(r"[a-z0-9]+")
Store = MemoryRows[Bead] | MemoryRows[Candidate]


@dataclass(slots=True)
class StoreNeighbours:
    """One batch's look-ups of one store (a new one each batch: it caches what the store held
    when the batch began, and a batch reads everything before it writes)."""

    store: Store
    threshold: float
    counts: Counter[str]  # how many items of the batch hold each word
    _holders: dict[str, tuple[int, ...] | None] = field(default_factory=dict)
    _rows: dict[str | None, dict[int, tuple[Existing, frozenset[str]] | None]] = field(default_factory=dict)

    @classmethod
    def of(cls, store: Store, threshold: float, contents: Iterable[str]) -> "StoreNeighbours":
        return cls(store, threshold, Counter(t for c in contents for t in token_set(c)))

    def closest(self, project: str | None, content: str, exclude: Collection[str],
                limit: int = 3) -> list[Existing] | None:
        """The live rows of `project` most similar to `content`, not in `exclude`, most similar
        first (ties: the newest); None when the note has no rare word to look rows up by."""
        tokens = token_set(content)
        rarest = self._rarest(tokens)
        if rarest is None:
            return None
        keys = set().union(*rarest)
        size, t = len(tokens), self.threshold
        scored = [(score, k, e) for k, e, other in self._live(project, keys)
                  if t * size < len(other) < size / t  # else the overlap cannot exceed t
                  and (score := overlap(tokens, other)) > t and e.item_id not in exclude]
        scored.sort(key=lambda s: (-s[0], -s[1]))  # only rows above the threshold sway a verdict
        return [e for _, _, e in scored[:limit]]

    def _rarest(self, tokens: frozenset[str]) -> list[tuple[int, ...]] | None:
        """The holders of `needed` words each held by few rows. Any such words will do, not only
        the rarest: they are looked up rarest in the batch first (likely rare in the store too),
        and no further once enough are found."""
        needed = max(1, math.ceil((1 - self.threshold) * len(tokens)))
        plain = sorted((t for t in tokens if _PLAIN.fullmatch(t)), key=lambda t: (self.counts[t], t))
        found: list[tuple[int, ...]] = []
        for word in plain if len(plain) >= needed else ():
            if word not in self._holders:
                self._holders |= self.store.holders([word], RARE)
            if (held := self._holders[word]) is not None:
                found.append(held)
                if len(found) == needed:
                    return found
        return None

    def _live(self, project: str | None, keys: set[int]) -> list[tuple[int, Existing, frozenset[str]]]:
        """The live rows among `keys`, each with its tokens (read and split once a batch)."""
        known = self._rows.setdefault(project, {})
        if unknown := [k for k in keys if k not in known]:
            live = self.store.live_by_key(unknown, project)
            known |= {k: (e, token_set(e.content)) if (e := live.get(k)) else None for k in unknown}
        return [(k, *row) for k in keys if (row := known[k]) is not None]
