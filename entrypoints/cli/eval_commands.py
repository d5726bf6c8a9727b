"""`abzu eval locomo`: retrieval quality through the real recall path, on throw-away stores."""

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from returns.result import Failure, Result, Success

from abzu.application.evaluation.errors import EvalError
from abzu.application.evaluation.report import DEFAULT_DEPTH, EvalReport, EvalRequest, Unit
from abzu.entrypoints.cli import eval_capture, eval_render
from abzu.entrypoints.cli.context import fail, one_line_errors
from abzu.entrypoints.cli.eval_views import EvalView, QuestionView
from abzu.entrypoints.cli.lazy import new_app
from abzu.entrypoints.logs import configure_file_logging
from abzu.entrypoints.settings import Settings

HELP = """Measure how well Abzu finds what it was told, on a public benchmark.

Each conversation is loaded into its own temporary Abzu (your memory is never touched), one
memory per turn, and every question goes through the same recall agents use. Retrieval only:
nothing is generated or graded by a model.
"""


class Backend(StrEnum):
    SQLITE = "sqlite"
    TEAM = "team"


PathArg = Annotated[Path, typer.Argument(help="A LoCoMo-format JSON file (list of samples).")]
UnitOpt = Annotated[Unit, typer.Option(
    help="Score turns, or sessions (the turn ranking collapsed in first-occurrence order).")]
CutoffsOpt = Annotated[str, typer.Option("--k", help="Cut-offs for hit@k and all@k, comma-separated.")]
BaselineOpt = Annotated[bool, typer.Option(
    "--baseline/--no-baseline",
    help="Also score a grep-style term-overlap search over the same turns, side by side.")]
FloorOpt = Annotated[float | None, typer.Option(
    min=0.0, max=1.0, help="Relevance floor 0..1 for every recall (default: the configured one, 0.3).",
)]
DepthOpt = Annotated[int, typer.Option(
    min=1, max=100, help="Results asked for per question (MRR and the session collapse use them).")]
PerQuestionOpt = Annotated[Path | None, typer.Option(
    "--per-question", help="Write one JSON line per scored question to this file.")]
SemanticOpt = Annotated[bool, typer.Option(
    "--semantic", help='Also score hybrid recall (lexical + dense) beside it; needs "abzu[semantic]".',
)]
DenseWeightOpt = Annotated[float | None, typer.Option(
    min=0.0, max=1.0, help="Weight of the dense list in the hybrid fusion (default 0.3).")]
BackendOpt = Annotated[Backend, typer.Option(
    help="Where each sample's memory lives: sqlite (a temporary data home) or team (a temporary "
         "database on the team server; its role must be allowed to create databases).")]
TeamUrlOpt = Annotated[str | None, typer.Option(
    help="With --backend team: postgresql://user@host/database (default: the joined team's); "
         "the password comes from ABZU_TEAM_PASSWORD or ~/.pgpass.")]


def register(app: typer.Typer) -> None:
    evaluate = new_app(help=HELP, no_args_is_help=True)
    evaluate.command("locomo")(locomo)
    evaluate.command("capture")(eval_capture.capture)
    app.add_typer(evaluate, name="eval")


def locomo(
    path: PathArg,
    unit: UnitOpt = Unit.TURN,
    k: CutoffsOpt = "1,5,10",
    baseline: BaselineOpt = True,
    floor: FloorOpt = None,
    depth: DepthOpt = DEFAULT_DEPTH,
    per_question: PerQuestionOpt = None,
    json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    semantic: SemanticOpt = False,
    dense_weight: DenseWeightOpt = None,
    backend: BackendOpt = Backend.SQLITE,
    team_url: TeamUrlOpt = None,
) -> None:
    """Score Abzu's recall on LoCoMo: hit@k, all@k, MRR and latency, overall and per category."""
    settings = Settings()
    configure_file_logging(settings.log_path)
    request = EvalRequest(str(path), unit, _cutoffs(k), floor, baseline, depth, semantic)
    if per_question is not None and not per_question.parent.is_dir():
        fail(f"--per-question: no folder {per_question.parent} to write {per_question.name} in")
    with one_line_errors():
        team = _team_url(settings, team_url) if backend is Backend.TEAM else None
        match _run(settings, request, dense_weight, team):
            case Success(EvalReport() as report):
                _show(report, json, per_question)
            case Failure(err):
                fail(err.message)


def _run(
    settings: Settings, request: EvalRequest, dense_weight: float | None, team_url: str | None = None,
) -> Result[EvalReport, EvalError]:
    """Build the throw-away evaluation stack (only when a run asks for it) and run it."""
    from abzu.adapters.semantic.errors import SemanticUnavailable
    from abzu.entrypoints.evaluation import build_evaluation

    try:
        evaluation = build_evaluation(settings, semantic=request.semantic, dense_weight=dense_weight,
                                      team_url=team_url)
    except SemanticUnavailable as missing:
        fail(str(missing))
    with eval_render.progress_bars() as progress:
        return evaluation.execute(request, progress)


def _show(report: EvalReport, as_json: bool, per_question: Path | None) -> None:
    if as_json:
        typer.echo(EvalView.of(report).model_dump_json(indent=2))
    else:
        eval_render.report(report)
    if per_question is not None:
        lines = (QuestionView.of(q, report.request.ks).model_dump_json() for q in report.questions)
        per_question.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def _team_url(settings: Settings, given: str | None) -> str:
    from abzu.entrypoints.team_address import checked_address

    url = given or settings.team_url
    if url is None:
        fail("--backend team needs --team-url postgresql://user@host/database (or a joined team)")
    try:
        return checked_address(url)
    except ValueError as exc:
        fail(f"--team-url: {exc}")


def _cutoffs(raw: str) -> tuple[int, ...]:
    try:
        ks = tuple(sorted({int(part) for part in raw.split(",") if part.strip()}))
    except ValueError:
        fail(f"--k takes whole numbers separated by commas, like 1,5,10 (got {raw!r})")
    if not ks:
        fail("--k needs at least one cut-off, like 1,5,10")
    return ks

