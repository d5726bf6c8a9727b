"""The same command recurring across sessions of a project is a pattern (issue 30.2): the pure
rule over final summaries, and finalisation staging it through a stager (fakes)."""

from collections.abc import Sequence

from abzu.application.maintenance import RunMaintenance
from abzu.application.sessions.finalize_session import FinalizeRequest, FinalizeSession
from abzu.domain.sessions.record import HookEvent, SessionEvent
from abzu.domain.sessions.recurring import recurring_steps
from tests.fakes import T0, FixedClock, SequentialIds
from tests.session_fakes import FakeSessionUnitOfWork, ScriptedExtractor, make_digest
from tests.unit.session_builders import snapshot

IDS = SequentialIds()
MIGRATE = "Passed at the end (2):\n- Bash `uv run alembic upgrade +1`\n- Bash `make docs`"


def _passed(*commands: str) -> str:
    return f"Passed at the end ({len(commands)}):\n" + "\n".join(f"- Bash `{c}`" for c in commands)


def test_a_program_that_passed_in_this_session_and_two_earlier_ones_is_a_pattern() -> None:
    [step] = recurring_steps(_passed("uv run alembic upgrade head", "make serve"),
                             [MIGRATE, _passed("uv run alembic upgrade head"), None])
    assert step.text == ("Recurring step of this project across sessions: `uv run alembic upgrade head` (its "
                         "last run passed in 3 or more of the project's recent sessions)")
    assert step.program == "uv run alembic"


def test_a_check_is_left_to_the_first_session_that_ran_it_after_its_edits() -> None:
    """extraction/checks.py stages "how changes are checked" from one session already."""
    tests = _passed("pytest -q")
    assert recurring_steps(tests, [tests, tests]) == []


def test_a_program_seen_in_one_earlier_session_or_not_passing_now_is_none() -> None:
    assert recurring_steps(_passed("make serve"), [MIGRATE, _passed("make serve -j2")]) == []
    failing = "Unresolved errors (1):\n- Bash `uv run alembic upgrade head`: 1 failed"
    assert recurring_steps(failing, [MIGRATE, MIGRATE]) == []


class RecordingStager:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str, list[str], list[str]]] = []

    def execute(self, session_id: str, project: str, texts: Sequence[str], commands: Sequence[str]) -> int:
        self.calls.append((session_id, project, list(texts), list(commands)))
        return len(texts)


def _finalise(uow: FakeSessionUnitOfWork, session: str, passed: tuple[str, ...], stager: RecordingStager,
              clock: FixedClock) -> int:
    uow.sessions.record(SessionEvent(session, HookEvent.SESSION_START, T0, "/t/s.jsonl", "/src/api"), "api")
    extractor = ScriptedExtractor(make_digest(files_modified=("src/cart.py",), passed=passed))
    sut = FinalizeSession(uow, lambda: extractor, lambda: RunMaintenance(uow, clock), clock, IDS,
                          recurring=lambda: stager)
    done = sut.execute(FinalizeRequest(session)).unwrap()
    return done.candidates_created


def test_finalising_the_third_session_that_ran_the_migrations_stages_the_pattern_once() -> None:
    uow, clock, stager = FakeSessionUnitOfWork(), FixedClock(), RecordingStager()
    uow.summaries.add(snapshot(1, session="old", project="web", final=True, notes=MIGRATE))  # another project
    for session in ("s1", "s2"):
        clock.advance(hours=1)
        _finalise(uow, session, ("Bash `uv run alembic upgrade +1`",), stager, clock)
    assert stager.calls == []
    clock.advance(hours=1)
    assert _finalise(uow, "s3", ("Bash `uv run alembic upgrade head`",), stager, clock) == 1
    [(session, project, [text], commands)] = stager.calls
    assert (session, project, commands) == ("s3", "api", ["uv run alembic"])
    assert text.startswith("Recurring step of this project across sessions: `uv run alembic upgrade head`")
