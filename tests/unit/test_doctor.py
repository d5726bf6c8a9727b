"""RunDoctor with hand-written checks: repair only what is repairable, then report the state after."""

from dataclasses import dataclass, field

from abzu.application.doctor import RunDoctor
from abzu.domain.health import Finding


@dataclass
class FakeCheck:
    problem: str | None
    repairable: bool
    repairs: list[str] = field(default_factory=list)

    def check(self) -> list[Finding]:
        return [Finding("wisdom.db", "triggers", self.problem, self.repairable)]

    def repair(self) -> list[str]:
        self.repairs.append("rebuilt")
        self.problem = None
        return ["wisdom.db: rebuilt"]


def test_without_repair_nothing_is_touched_and_the_problem_is_reported() -> None:
    broken = FakeCheck("missing beads_ai", repairable=True)
    report = RunDoctor([broken]).execute()
    assert not report.healthy and broken.repairs == [] and report.repaired == ()


def test_repair_fixes_what_it_can_and_reports_the_state_after_it() -> None:
    broken, healthy = FakeCheck("missing beads_ai", True), FakeCheck(None, True)
    report = RunDoctor([broken, healthy]).execute(repair=True)
    assert report.healthy and report.repaired == ("wisdom.db: rebuilt",)
    assert healthy.repairs == []  # a healthy part is left alone


def test_a_problem_repair_cannot_fix_stays_in_the_report() -> None:
    behind = FakeCheck("schema is at w0000", repairable=False)
    report = RunDoctor([behind]).execute(repair=True)
    assert behind.repairs == [] and [f.problem for f in report.problems] == ["schema is at w0000"]
