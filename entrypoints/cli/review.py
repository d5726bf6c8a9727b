"""`abzu review | candidates | unflag`: the road into permanent memory (spec §11)."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from pydantic import BaseModel
from returns.result import Failure, Success

from abzu.adapters.human.reviewer import HumanReviewer
from abzu.application.review.ports import NoProgress
from abzu.application.review.report import ReviewReport
from abzu.application.review.run_review import ReviewRequest
from abzu.application.review.undo_review import Undone
from abzu.domain.bead import Bead
from abzu.domain.review.batching import BatchPolicy
from abzu.entrypoints.actor import typed_by_agent
from abzu.entrypoints.cli import review_render as render
from abzu.entrypoints.cli import review_written
from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, fail, log, one_line_errors
from abzu.entrypoints.cli.dialogue import TyperDialogue
from abzu.entrypoints.cli.memory import JsonFlag, ProjectOpt
from abzu.entrypoints.cli.progress import RichReviewProgress, shown
from abzu.entrypoints.cli.review_views import CandidatesView, CandidateView, ReviewView, UndoView
from abzu.entrypoints.views import BeadView

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container

V = TypeVar("V", bound=BaseModel)
ListLimit = Annotated[int, typer.Option(min=0, help="Most to list, oldest first (0: all).")]
NOT_CONFIGURED = (
    "Gemini is not configured: set GEMINI_API_KEY (a key from https://aistudio.google.com/apikey), "
    "or review by hand with `abzu review --interactive`."
)
NOT_INSTALLED = (
    "Gemini review needs the gemini extra: pipx install --force '.[gemini]' (or pip install "
    "'abzu[gemini]'); `abzu review --interactive` works without it."
)
# The agent's shell tool could pipe the answers in and vouch for its own words as the person's.
ASKED_BY_AGENT = ("`abzu review --interactive` asks a person and was started by Claude Code's shell "
                  "(CLAUDECODE is set): run it in your own terminal")


def register(app: typer.Typer, container: ContainerSource) -> None:
    commands = ReviewCommands(container)
    for command in (commands.review, commands.candidates, commands.unflag):
        app.command()(command)


class ReviewCommands(ContainerCommands):
    """`abzu review | candidates | unflag`, bound to a lazily built container."""

    def review(
        self,
        project: Annotated[str | None, typer.Option(
            "--project", "-p", help="Mini-review: only this project's candidates and beads.")] = None,
        interactive: Annotated[bool, typer.Option(
            "--interactive", "-i", help="Review by hand, one candidate at a time (no key needed).")] = False,
        dry_run: Annotated[bool, typer.Option(
            "--dry-run", help="Ask and validate, but change and record nothing.")] = False,
        max_candidates: Annotated[int | None, typer.Option(
            "--max-candidates", min=1, help="Review at most N staged candidates (oldest first).")] = None,
        allow_mass_discard: Annotated[bool, typer.Option(
            "--allow-mass-discard",
            help="Apply batches that discard or flag more than 20% (and 10) of their items.")] = False,
        undo: Annotated[bool, typer.Option(
            "--undo",
            help="Restore wisdom.db as it was before the last review; re-stage its candidates.")] = False,
        json: JsonFlag = False,
    ) -> None:
        """Review staged candidates with Gemini (or by hand): promote, consolidate, discard, flag.

        Every decision is validated before anything changes; wisdom.db is snapshotted first.
        Preferences the agent wrote (they skip staging) are listed; --interactive first asks
        you to confirm (you vouch for it: reviewed) or remove each.
        """
        with one_line_errors():
            if undo:
                if interactive or dry_run or project:
                    fail("--undo takes no other option")
                return _undo(self._container(), json)
            if interactive and typed_by_agent():
                fail(ASKED_BY_AGENT)
            c = self._container()
            request = ReviewRequest(project, max_candidates, dry_run, allow_mass_discard)
            _review(c, request, interactive=interactive, as_json=json)


    def candidates(self, project: ProjectOpt = None, limit: ListLimit = 50, json: JsonFlag = False) -> None:
        """List the candidates staged for review (oldest first)."""
        with one_line_errors():
            staged = self._container().review.get_staged_candidates()
            found = staged.execute(project, limit + 1 if limit else None)
            listed = found[:limit] if limit else found  # a queue of 100,000 took 100 s to draw whole
            view = CandidatesView(project=project, candidates=[CandidateView.of(c) for c in listed],
                                  more=len(found) > len(listed))
            _show(view, json, render.candidates)


    def unflag(
        self,
        bead_id: Annotated[str, typer.Argument(help="Id of a bead flagged for deletion (b-…).")],
        json: JsonFlag = False,
    ) -> None:
        """Lift a deletion flag before the next maintenance pass deletes the bead."""
        with one_line_errors():
            match self._container().review.unflag().execute(bead_id):
                case Success(Bead() as bead):
                    _show(BeadView.of(bead), json, render.unflagged)
                case Failure(err):
                    fail(err.message)


def _review(c: "Container", request: ReviewRequest, *, interactive: bool, as_json: bool) -> None:
    if interactive and not request.dry_run:  # what the agent wrote first: preferences skip staging
        if not review_written.ask_each(c, request.project, TyperDialogue()):
            return  # the person quit while confirming
    elif not as_json:
        review_written.listed(c, request.project)  # a review that does not ask still says so
    if interactive:
        # a person decides: the history and the review log name the human, never Gemini
        use_case = c.review.run_review(uow=c.review.human_uow(), reviewer=HumanReviewer(TyperDialogue()),
                                policy=BatchPolicy.one_at_a_time())
    elif not c.config.review_api_key():
        fail(NOT_CONFIGURED)
    elif not gemini_installed():
        fail(NOT_INSTALLED)
    else:
        use_case = c.review.run_review()
    with shown(RichReviewProgress, NoProgress(), enabled=not (interactive or as_json)) as progress:
        result = use_case.execute(request, progress)
    match result:
        case Success(ReviewReport() as report):
            counts = {a: report.count(a) for a in ("promote", "consolidate", "discard", "flag")}
            log.info("review %s by %s: %s, %d rejected, %d held back, %d failed", report.review_id,
                     report.reviewer, counts, report.rejected, report.held_back, report.failed)
            _show(ReviewView.of(report), as_json, render.review)
            if report.failed:
                raise typer.Exit(code=1)
        case Failure(err):
            fail(err.message)


def gemini_installed() -> bool:
    """google-genai is an extra (41 MB): most users never review with Gemini."""
    from importlib.util import find_spec

    try:
        return find_spec("google.genai") is not None and find_spec("httpx2") is not None
    except ModuleNotFoundError:  # no `google` namespace at all
        return False


def _undo(c: "Container", as_json: bool) -> None:
    match c.review.undo_review().execute(by_agent=typed_by_agent()):
        case Success(Undone() as done):
            _show(UndoView.of(done), as_json, render.undone)
        case Failure(err):
            fail(err.message)


def _show(view: V, as_json: bool, human: Callable[[V], None]) -> None:
    if as_json:
        typer.echo(view.model_dump_json(indent=2))
    else:
        human(view)
