"""`abzu scrub` target: Abzu's log file in the data home and its rotated copies (abzu.log.1 …)."""

import re
from pathlib import Path

from abzu.adapters.text_files import read_text, replace_atomically, rewrite_in_place
from abzu.application.scrub.fields import FieldScrubber
from abzu.application.scrub.ports import Scrubbed, ScrubCount, ScrubProgress, ScrubTarget

TARGET = "logs"


class FileLogScrubber(ScrubTarget):
    """Each log file line by line. The live log is rewritten in place, because running processes
    keep appending to it; rotated copies, which nobody holds open, are replaced atomically."""

    def __init__(self, path: Path) -> None:
        self._path = path

    def scrub(self, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress) -> Scrubbed:
        counts = []
        for path in self._files():
            text = read_text(path)
            if text is None:
                continue
            progress.begin(f"log {path.name}", 1)
            cleaned, changed = fields.lines(text)
            if changed and not dry_run:
                (rewrite_in_place if path == self._path else replace_atomically)(path, cleaned)
            progress.advance(1)
            counts.append(ScrubCount(TARGET, path.name, text.count("\n"), changed))
        return Scrubbed(tuple(counts))

    def _files(self) -> list[Path]:
        rotated = re.compile(re.escape(self._path.name) + r"\.\d+")
        if not self._path.parent.is_dir():
            return []
        siblings = [p for p in self._path.parent.iterdir() if rotated.fullmatch(p.name)]
        return [self._path, *sorted(siblings, key=lambda p: int(p.suffix[1:]))]
