"""Near-duplicates among the items of one bulk batch, found in memory.

`RememberMany` reads the stores for a whole batch before it writes any of it: an FTS5 query
after an insert in the same transaction flushes the index's pending terms to a new segment, so
asking the store item after item wrote (and later merged) one tiny segment per memory. The
items stored earlier in the batch are compared here instead, with the same measure
(`similarity`), and only those above the threshold are offered to the verdict: the rest could
never change it.
"""

import math
from dataclasses import dataclass, field

from abzu.domain.dedup import Existing, token_set

Key = tuple[bool, str | None]  # (permanent store, project): where a duplicate must live


@dataclass(slots=True)
class BatchNeighbours:
    threshold: float
    _live: dict[str, tuple[Key, str, frozenset[str]]] = field(default_factory=dict)
    _postings: dict[Key, dict[str, set[str]]] = field(default_factory=dict)  # word -> item ids
    _order: dict[str, int] = field(default_factory=dict)  # item id -> when it was added

    def add(self, key: Key, item_id: str, content: str) -> None:
        tokens = token_set(content)
        self._live[item_id] = (key, content, tokens)
        self._order[item_id] = len(self._order)
        postings = self._postings.setdefault(key, {})
        for token in tokens:
            postings.setdefault(token, set()).add(item_id)

    def drop(self, item_id: str) -> None:
        """A superseded item is never a neighbour again."""
        if (item := self._live.pop(item_id, None)) is not None:
            for token in item[2]:
                self._postings[item[0]][token].discard(item_id)

    def closest(self, key: Key, content: str, limit: int = 3) -> list[Existing]:
        """Earlier items above the threshold, most similar first."""
        tokens, postings = token_set(content), self._postings.get(key, {})
        scored = []
        for item_id in self._sharing_a_rare_word(tokens, postings):
            _, text, other = self._live[item_id]
            if (score := len(tokens & other) / max(len(tokens), len(other))) > self.threshold:
                scored.append((score, item_id, text))
        scored.sort(key=lambda s: (-s[0], -self._order[s[1]]))  # ties: the newest, as the store's
        return [Existing(i, t) for _, i, t in scored[:limit]]

    def _sharing_a_rare_word(self, tokens: frozenset[str], postings: dict[str, set[str]]) -> set[str]:
        """Similarity above the threshold misses fewer than (1 - threshold) of `tokens`, so it
        holds one of any ceil((1 - threshold) * len(tokens)) of them: the rarest are asked."""
        probes = max(1, math.ceil((1 - self.threshold) * len(tokens)))
        rarest = sorted((len(postings.get(t, ())), t) for t in tokens)[:probes]
        return set().union(*(postings.get(t, set()) for _, t in rarest))
