"""`abzu eval capture LABELS TRANSCRIPTS…`: how much of what a careful engineer would keep
from a session Abzu's capture stages, and how much of what it stages is worth keeping."""

import json
from pathlib import Path
from typing import Annotated

import typer
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from abzu.domain.evaluation.capture import CaptureScore, LabelledItem, TranscriptScore, score
from abzu.entrypoints.cli.context import fail, one_line_errors
from abzu.entrypoints.logs import configure_file_logging
from abzu.entrypoints.settings import Settings


class _Item(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str
    keywords: list[list[str]] = Field(min_length=1)


class _Labels(BaseModel):
    model_config = ConfigDict(extra="ignore")
    transcripts: dict[str, list[_Item]]


def capture(
    labels: Annotated[Path, typer.Argument(help="Labelled items per transcript file name (JSON).")],
    transcripts: Annotated[list[Path], typer.Argument(help="Claude Code JSONL transcripts to run.")],
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="List missed items and stray candidates.")] = False,
) -> None:
    """Score capture: each transcript is finalised in a throw-away Abzu; recall = matched items /
    items, precision = candidates matching an item / candidates."""
    settings = Settings()
    configure_file_logging(settings.log_path)
    items = _load(labels)
    unknown = [p.name for p in transcripts if p.name not in items]
    if unknown:
        fail(f"{labels.name} has no labels for {', '.join(unknown)}")
    from abzu.entrypoints.evaluation_capture import captured  # the store stack: only when run

    with one_line_errors():
        found = {p.name: captured(settings, p) for p in transcripts}
        _report(score({p.name: items[p.name] for p in transcripts}, found), verbose)


def _load(path: Path) -> dict[str, list[LabelledItem]]:
    try:
        parsed = _Labels.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError) as exc:
        fail(f"cannot read labels {path}: {str(exc).splitlines()[0]}")
    return {
        name: [LabelledItem(i.id, tuple(tuple(k) for k in i.keywords)) for i in found]
        for name, found in parsed.transcripts.items()
    }


def _report(result: CaptureScore, verbose: bool) -> None:
    for t in result.transcripts:
        found = f"items {len(t.matched)}/{t.items}  candidates {t.useful}/{t.candidates} useful"
        typer.echo(f"{t.name[:40]:40}  {found}")
        if verbose:
            _details(t)
    typer.echo(f"recall {result.recall:.2f}  precision {result.precision:.2f}  "
               f"candidates/session {result.candidates_per_session:.1f}")


def _details(t: TranscriptScore) -> None:
    for item in t.missed:
        typer.echo(f"    missed: {item}")
    for text in t.stray:
        typer.echo(f"    stray:  {' '.join(text.split())[:160]}")
