"""`abzu eval capture LABELS TRANSCRIPTS…`: how much of what a careful engineer would keep
from a session Abzu's capture stages, and how much of what it stages is worth keeping."""

import json
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from abzu.domain.evaluation.capture import CaptureScore, LabelledItem, Tally, TranscriptScore, score
from abzu.entrypoints.cli.context import fail, one_line_errors
from abzu.entrypoints.logs import configure_file_logging
from abzu.entrypoints.settings import Settings

M = TypeVar("M", bound=BaseModel)


class _Item(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str
    category: str = "unlabelled"
    keywords: list[list[str]] = Field(min_length=1)


class _Labels(BaseModel):
    model_config = ConfigDict(extra="ignore")
    transcripts: dict[str, list[_Item]]


class _Split(BaseModel):
    model_config = ConfigDict(extra="ignore")
    tuning: list[str]
    test: list[str]


def capture(
    labels: Annotated[Path, typer.Argument(help="Labelled items per transcript file name (JSON).")],
    transcripts: Annotated[list[Path], typer.Argument(help="Claude Code JSONL transcripts to run.")],
    split: Annotated[Path | None, typer.Option(
        help="JSON {\"tuning\": [names], \"test\": [names]}: figures for each half as well.")] = None,
    distiller: Annotated[bool, typer.Option(
        "--distiller", help="Let the configured distiller run too (default: heuristics alone).")] = False,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="List missed items and stray candidates.")] = False,
    half: Annotated[str | None, typer.Option(
        help="With --split: run only the transcripts of this half (tuning or test), so rules are "
             "tuned without seeing the other one.")] = None,
) -> None:
    """Score capture: each transcript is finalised in a throw-away Abzu; recall = matched items /
    items, precision = candidates matching an item / candidates, overall and per category."""
    settings = Settings()
    configure_file_logging(settings.log_path)
    items = _load(labels)
    halves = _load_split(split) if split else {}
    if half is not None:
        if half not in halves:
            fail("--half needs --split and is tuning or test")
        transcripts = [p for p in transcripts if p.name in halves[half]]
        halves = {half: halves[half]}
    unknown = [p.name for p in transcripts if p.name not in items]
    if unknown:
        fail(f"{labels.name} has no labels for {', '.join(unknown)}")
    if not distiller:
        settings = settings.model_copy(update={"distiller": "off"})
    from abzu.entrypoints.evaluation_capture import captured  # the store stack: only when run

    with one_line_errors():
        found = {p.name: captured(settings, p) for p in transcripts}
        result = score({p.name: items[p.name] for p in transcripts}, found)
        _report(result, verbose)
        for half, names in halves.items():
            typer.echo(f"\n{half} half")
            _totals(result.only(names))


def _load(path: Path) -> dict[str, list[LabelledItem]]:
    parsed = _read(path, _Labels, "labels")
    return {
        name: [LabelledItem(i.id, tuple(tuple(k) for k in i.keywords), i.category) for i in found]
        for name, found in parsed.transcripts.items()
    }


def _load_split(path: Path) -> dict[str, list[str]]:
    parsed = _read(path, _Split, "split")
    return {"tuning": parsed.tuning, "test": parsed.test}


def _read(path: Path, model: type[M], what: str) -> M:
    try:
        return model.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError) as exc:
        fail(f"cannot read {what} {path}: {str(exc).splitlines()[0]}")


def _report(result: CaptureScore, verbose: bool) -> None:
    for t in result.transcripts:
        found = f"items {len(t.matched)}/{t.items}  candidates {t.useful}/{t.candidates} useful"
        typer.echo(f"{t.name[:40]:40}  {found}")
        if verbose:
            _details(t)
    _totals(result)


def _totals(result: CaptureScore) -> None:
    for category, tally in result.by_category().items():
        typer.echo(f"  {category:12} {_figures(tally)}")
    typer.echo(f"recall {result.recall:.2f}  precision {result.precision:.2f}  "
               f"candidates/session {result.candidates_per_session:.1f}")


def _figures(t: Tally) -> str:
    precision = f"{t.precision:.2f}" if t.candidates else "n/a"  # nothing staged: no precision to speak of
    return (f"items {t.matched:>3}/{t.items:<3} recall {t.recall:.2f}   "
            f"candidates {t.useful:>3}/{t.candidates:<3} precision {precision}")


def _details(t: TranscriptScore) -> None:
    for item in t.missed:
        typer.echo(f"    missed: {item}")
    for text in t.stray:
        typer.echo(f"    stray:  {' '.join(text.split())[:160]}")
