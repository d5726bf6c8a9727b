"""Use case: the anchors (files, commands) of given memories, for a person looking at them."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from abzu.domain.anchors import Anchor


class AnchorListing(Protocol):
    """Anchors by memory id, beads and candidates alike; read-only. A store that cannot be read
    lists nothing (anchors are a hint, never the reason a page fails)."""

    def of(self, memory_ids: Sequence[str]) -> Mapping[str, tuple[Anchor, ...]]: ...


@dataclass(frozen=True, slots=True)
class AnchorsOf:
    listing: AnchorListing

    def execute(self, memory_ids: Sequence[str]) -> Mapping[str, tuple[Anchor, ...]]:
        return self.listing.of(list(dict.fromkeys(memory_ids))) if memory_ids else {}
