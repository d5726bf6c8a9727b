"""`abzu import-sessions [PATH]`: back-fill memory from Claude Code transcripts already on disk."""

from pathlib import Path
from typing import Annotated

import typer

from abzu.entrypoints.cli.context import ContainerSource, fail, one_line_errors

DEFAULT = Path("~/.claude/projects")


def register(app: typer.Typer, container: ContainerSource) -> None:
    @app.command("import-sessions")
    def import_sessions(
        path: Annotated[Path, typer.Argument(help="A transcript, or a folder of them.")] = DEFAULT,
        check: Annotated[bool, typer.Option(
            "--check", help="Only count transcripts no capture covered (missed).")] = False,
    ) -> None:
        """Mine transcripts Abzu never saw: each becomes a finalised session of the project its
        working folder belongs to, with its candidates staged. Running it again adds nothing."""
        files = transcripts(path.expanduser())
        from abzu.entrypoints.missed_transcripts import import_use_case

        with one_line_errors():
            use_case = import_use_case(container().lifecycle(), distil=not check)
            if check:
                typer.echo(f"missed: {len(use_case.missed(files))} of {len(files)} transcript(s)")
                return
            with typer.progressbar(length=len(files), label="importing", file=None) as bar:
                report = use_case.execute(files, lambda _: bar.update(1))
        distilled = f" (+{report.distilled} distilled)" if report.distilled else ""
        own = f", {report.distiller_runs} of Abzu's own distiller left alone" if report.distiller_runs else ""
        typer.echo(f"imported {report.imported}, already covered {report.covered}, "
                   f"{report.candidates} candidate(s) staged{distilled}, "
                   f"{len(report.not_transcripts)} not a transcript{own}")


def transcripts(path: Path) -> list[str]:
    """Regular files only (never a symlink or a device), `*.jsonl` one level under each folder."""
    if path.is_file() and not path.is_symlink():
        return [str(path)]
    if not path.is_dir():
        fail(f"no transcript or folder at {path}")
    found = sorted({*path.glob("*.jsonl"), *path.glob("*/*.jsonl")})
    return [str(p) for p in found if p.is_file() and not p.is_symlink()]
