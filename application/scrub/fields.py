"""How `abzu scrub` cleans one stored value: the same rules the write paths apply."""

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass

from abzu.domain.content import content_hash
from abzu.domain.redaction import redact


def redacted(text: str) -> str:
    """The current redaction rules, as a plain text transform."""
    return redact(text).text


@dataclass(frozen=True, slots=True)
class FieldScrubber:
    """Every method returns its input unchanged (equal) when the transform finds nothing.

    - Free text goes through the transform as a whole, as it did when it was written.
    - A JSON document is cleaned string by string (tags, reports, archived rows), so escaping
      cannot hide a secret and the result is still the same JSON shape; keys are field names
      and are kept. Text that is not JSON is treated as free text.
    - A memory's content hash is recomputed exactly as on the write path.
    - A text file is cleaned line by line, then as a whole for secrets spanning lines (a PEM block).
    """

    transform: Callable[[str], str]

    def text(self, value: str) -> str:
        return self.transform(value)

    def document(self, value: str, *, kept: Collection[str] = ()) -> str:
        """`kept`: keys whose values stay as they are, wherever they occur (file locations)."""
        try:
            loaded = json.loads(value)
        except ValueError:
            return self.text(value)
        cleaned = self.walk(loaded, kept)
        return value if cleaned == loaded else json.dumps(cleaned, ensure_ascii=False)

    def walk(self, value: object, kept: Collection[str] = ()) -> object:
        """A decoded JSON value with every string in it cleaned."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.walk(item, kept) for item in value]
        if isinstance(value, dict):
            return {key: item if key in kept else self.walk(item, kept) for key, item in value.items()}
        return value

    def content_hash(self, content: str) -> str:
        return content_hash(content)

    def lines(self, text: str) -> tuple[str, int]:
        """The cleaned text, and how many of its lines changed."""
        old = text.splitlines(keepends=True)
        new = [self.text(line) for line in old]
        changed = sum(a != b for a, b in zip(old, new, strict=True))
        joined = "".join(new)
        whole = self.text(joined)
        if whole != joined:
            changed += 1
        return whole, changed
