"""`abzu scrub` target: hook journal entries not yet ingested (and entries set aside as `.bad`)."""

from pathlib import Path

from abzu.adapters.spool.raw_writer import SUFFIX
from abzu.adapters.text_files import read_text, replace_atomically
from abzu.application.scrub.fields import FieldScrubber
from abzu.application.scrub.ports import Scrubbed, ScrubCount, ScrubProgress, ScrubTarget

TARGET = "spool"
SET_ASIDE = ".bad"
# Where a hook ran and which transcript it meant: ingestion works the project out from them, and
# the hook wrote them as Claude Code sent them (the database keeps such paths as they are too).
LOCATIONS = frozenset({"cwd", "transcript_path", "project_dir", "root"})


class FileSpoolScrubber(ScrubTarget):
    """Each entry is JSON, cleaned string by string (a `.bad` one as plain text) and replaced
    atomically. An entry ingested meanwhile may come back once: ingestion is idempotent (events
    fold, injections are keyed), so replaying it is harmless, while a lost entry would not be."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def scrub(self, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress) -> Scrubbed:
        entries = self._entries()
        progress.begin("hook spool", len(entries))
        scanned = changed = 0
        for path in entries:
            text = read_text(path)
            progress.advance(1)
            if text is None:
                continue  # ingested since it was listed
            scanned += 1
            json_entry = path.suffix == SUFFIX
            cleaned = fields.document(text, kept=LOCATIONS) if json_entry else fields.lines(text)[0]
            if cleaned != text:
                changed += 1
                if not dry_run and path.exists():
                    replace_atomically(path, cleaned)
        return Scrubbed((ScrubCount(TARGET, "entries", scanned, changed),))

    def _entries(self) -> list[Path]:
        if not self._folder.is_dir():
            return []
        return sorted(p for p in self._folder.iterdir() if p.suffix in (SUFFIX, SET_ASIDE) and p.is_file())
