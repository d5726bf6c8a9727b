"""`abzu export [--out FILE]` and `abzu import FILE` (issue 15)."""

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from json import dumps
from pathlib import Path
from typing import Annotated

import typer

from abzu.application.scrub.ports import NoScrubProgress, ScrubProgress
from abzu.domain.archive import ArchiveError
from abzu.domain.quoting import one_line
from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, log, one_line_errors
from abzu.entrypoints.cli.memory import JsonFlag
from abzu.entrypoints.cli.progress import RichScrubProgress, shown

PROGRESS_LINES = 5_000  # the bar moves every so many lines (a rich update per line costs seconds)
Out = Annotated[Path | None, typer.Option("--out", "-o", help="Write here (mode 0600) instead of stdout.")]
In = Annotated[Path, typer.Argument(help="A file written by `abzu export`.")]
AsProject = Annotated[list[str] | None, typer.Option(
    "--as-project", metavar="NAME|OLD=NEW",
    help="Import into this project instead: NAME takes the file's only project (an error if it "
         "holds several); OLD=NEW moves one project of the file, and may be given once per project.")]


def register(app: typer.Typer, container: ContainerSource) -> None:
    commands = ArchiveCommands(container)
    app.command("export")(commands.export)
    app.command("import")(commands.import_)


class ArchiveCommands(ContainerCommands):
    def export(self, out: Out = None) -> None:
        """Write the whole memory as JSONL: beads, candidates, summaries, projects, profile,
        anchors, derived-from links, history.

        One record a line, sorted, with a format version on the first line: the same
        memory always gives the same bytes, so exports can be diffed and backed up.
        Vectors are not exported: run `abzu embed` after an import to rebuild them.
        """
        with one_line_errors():
            lines = self._container().trust.export_memory().execute()
            if out is None:
                for line in lines:
                    sys.stdout.write(line + "\n")
                return
            _write_private(out, lines)
            log.info("export written to %s", out)

    def import_(self, file: In, json: JsonFlag = False, as_project: AsProject = None) -> None:
        """Add the records of an export to this memory; records already here are kept.

        Deduplicates by id and by content, so importing the same file twice changes nothing.

        An exported project lands in the project here that is the same git
        repository (same remote URL), whatever its name or path; another
        repository with the same name gets the next free name (api-2).
        --as-project chooses the project instead.
        """
        with one_line_errors():
            # the file is read once to check it and once per store (~5 min for 1M records)
            bars = partial(RichScrubProgress, label="importing")
            with shown(bars, NoScrubProgress(), enabled=sys.stderr.isatty() and not json) as bar:
                counts = self._container().trust.import_memory().execute(_reader(file, bar), as_project or ())
            log.info("import of %s: %s", file, counts)
            if json:
                typer.echo(dumps({"added": counts.added, "present": counts.present,
                                  "duplicates": counts.duplicates, "projects": dict(counts.projects)}))
                return
            typer.echo(f"imported {counts.added} record(s); {counts.present} already present, "
                       f"{counts.duplicates} duplicate(s) of stored content skipped")
            for old, new in counts.projects:
                typer.echo(f"project {one_line(old)} imported as {one_line(new)}")  # names from a file: data


def _reader(file: Path, bar: ScrubProgress) -> Callable[[], Iterator[str]]:
    """The file's lines, read afresh on each call (each pass a bar of the file's characters).
    Only a newline ends a line: JSON leaves U+2028 and U+0085 unescaped inside strings, and
    `str.splitlines` cut records there. A file that changes between passes (an export written
    over it) is refused: what was checked is no longer what would be written."""
    passes, checked = 0, None

    def lines() -> Iterator[str]:
        nonlocal passes, checked
        passes += 1
        try:
            now = _identity(file)
            checked = checked or now
            if now != checked:
                raise ArchiveError(f"{file} changed while it was being imported; import it again "
                                   "(records already here are skipped)")
            bar.begin(f"{file.name}: pass {passes}", now[0])
            with file.open(encoding="utf-8-sig", newline="\n") as handle:  # a BOM from an editor
                read = 0
                for n, line in enumerate(handle, start=1):
                    read += len(line)
                    if n % PROGRESS_LINES == 0:
                        bar.advance(read)
                        read = 0
                    yield line
        except (OSError, UnicodeDecodeError) as exc:
            raise ArchiveError(f"cannot read {file}: {getattr(exc, 'strerror', None) or exc}") from exc

    return lines


def _identity(file: Path) -> tuple[int, int, int]:
    """Size, modification time and inode: what changes when a file is written over or replaced."""
    status = file.stat()
    return status.st_size, status.st_mtime_ns, status.st_ino


def _write_private(path: Path, lines: Iterable[str]) -> None:
    """Memory is private: the file is created 0600, and replaced only once fully written."""
    partial = path.with_name(path.name + ".partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        for line in lines:
            handle.write(line + "\n")
    os.replace(partial, path)
