"""The work of `abzu finalize`, `abzu snapshot` and `abzu recover`, one function each, behind
two doors: the typed command (cli/session_commands.py, after typer parsed its arguments) and the
background job a hook starts (entrypoints/background.py, its job read as JSON on stdin). Both
hand in the session lifecycle's factory (wiring/lifecycle.py): the container's, or one built
from the environment.
"""

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from returns.result import Failure, Success

if TYPE_CHECKING:
    from abzu.application.sessions.finalize_session import Finalized
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle

Say = Callable[[str], None]


def finalize(cases: "SessionLifecycle", session_id: str, say: Say) -> str | None:
    """Ingest the hook journal, reconcile the session into its final summary, stage its
    candidates and run maintenance (FinalizeSession), then distil (spec §6 step 2) and embed
    what is new when semantic search is on. The error's one line, or None."""
    from abzu.application.sessions.finalize_session import Finalized, FinalizeRequest

    cases.ingest_spool().execute()
    match cases.finalize_session().execute(FinalizeRequest(session_id)):
        case Success(Finalized(summary=None, candidates_created=0) as done):  # nothing new since
            say(finalized(done))
            return None
        case Success(Finalized() as done):
            say(finalized(done))
            _distil(cases, done, say)
            embed(cases)
            return None
        case Failure(err):
            return str(err.message)
    return None  # pragma: no cover - the two cases above are the Result's


def snapshot(cases: "Callable[[], SessionLifecycle]", session_id: str, transcript: str | None,
             trigger: str | None) -> None:
    """PreCompact's snapshot; whatever happens (wiring included), the marker the post-compaction
    hooks wait on goes."""
    from abzu.application.sessions.capture_pre_compact import PreCompactRequest
    from abzu.entrypoints.data_home import DataHome
    from abzu.entrypoints.hooks.pre_compact import pending_marker

    try:
        cases().capture_pre_compact().execute(PreCompactRequest(session_id, transcript, trigger))
    finally:  # nobody should wait for this snapshot any more
        pending_marker(DataHome.from_env(), session_id).unlink(missing_ok=True)


def recover(cases: "SessionLifecycle", exclude: str | None, all_projects: bool, projects: Path,
            idle: timedelta, say: Say) -> None:
    """Finalise the sessions that never got a final summary (RecoverSessions), import the
    transcripts no hook ever saw (`projects`: Claude Code's folder; Abzu installed later, hooks
    off), embed what is new."""
    from abzu.application.sessions.recover_sessions import RecoverRequest
    from abzu.entrypoints.missed_transcripts import catch_up

    done = cases.recover_sessions().execute(RecoverRequest(exclude, all_projects, idle=idle))
    say(f"recovered {len(done)} session(s)")
    for item in done:
        say(f"  {finalized(item)}")
    report = catch_up(cases, projects, exclude=exclude, idle=idle)
    if report is not None:
        say(f"imported {report.imported} missed transcript(s), {report.candidates} candidate(s) staged")
    if done or report is not None:  # the usual start finds nothing: no embedding pass either
        embed(cases)


def recovery_settings() -> tuple[Path, timedelta]:
    """`recover`'s settings without the container: Claude Code's transcripts folder
    (`claude_projects`) and how long a session must be quiet to be recovered."""
    from abzu.entrypoints import setting_fields as one

    projects, minutes = one.values(one.CLAUDE_PROJECTS, one.RECOVERY_IDLE_MINUTES)
    return Path(projects).expanduser(), timedelta(minutes=minutes)


def finalized(done: "Finalized") -> str:
    if done.summary is None:
        return f"{done.session_id}: nothing new to finalise"
    return (f"{done.session_id}: final summary {done.summary.id} from {done.snapshots_merged} "
            f"snapshot(s), {done.candidates_created} candidate(s) staged, "
            f"{done.finals_pruned} old summary(ies) pruned")


def _distil(cases: "SessionLifecycle", done: "Finalized", say: Say) -> None:
    """The distiller's module (and the settings it reads) only when there is something to distil."""
    if done.summary is None:
        return
    from abzu.entrypoints.wiring.distill import DistillValues, distill_after

    outcome = distill_after(cases, DistillValues.read(), done)
    if outcome is not None:
        say(f"distillation: {outcome.status}, {outcome.created} candidate(s) staged"
            + (f" ({outcome.detail})" if outcome.detail else ""))


def embed(cases: "SessionLifecycle") -> None:
    """Semantic search on: embed the memories that are new since the last pass (issue 12.4)."""
    if cases.semantic:  # the extra's modules (numpy, the model) only then
        from abzu.entrypoints.wiring.semantic import embed_in_background

        embed_in_background(cases)
