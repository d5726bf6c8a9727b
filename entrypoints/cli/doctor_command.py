"""`abzu doctor [--repair] [--json]`: is the memory whole? (issue 15)"""

from typing import Annotated

import typer
from pydantic import BaseModel

from abzu.domain.health import Finding, HealthReport
from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, log, one_line_errors
from abzu.entrypoints.cli.memory import JsonFlag

Repair = Annotated[bool, typer.Option("--repair", help="Rebuild search indexes and their triggers "
                                                       "from the tables; tighten loose permissions.")]


class FindingView(BaseModel):
    target: str
    check: str
    ok: bool
    problem: str | None
    repairable: bool

    @classmethod
    def of(cls, f: Finding) -> "FindingView":
        return cls(target=f.target, check=f.check, ok=f.ok, problem=f.problem, repairable=f.repairable)


class DoctorView(BaseModel):
    healthy: bool
    findings: list[FindingView]
    repaired: list[str]

    @classmethod
    def of(cls, report: HealthReport) -> "DoctorView":
        return cls(healthy=report.healthy, findings=[FindingView.of(f) for f in report.findings],
                   repaired=list(report.repaired))


def register(app: typer.Typer, container: ContainerSource) -> None:
    app.command()(DoctorCommand(container).doctor)


class DoctorCommand(ContainerCommands):
    def doctor(self, repair: Repair = False, json: JsonFlag = False) -> None:
        """Check that the memory is whole: SQLite integrity, search indexes and their
        triggers, schema revision, dangling references, data-home permissions.

        Reads only, unless --repair. Exits 0 when healthy, 1 when a problem remains.
        """
        with one_line_errors():
            report = self._container().trust.doctor().execute(repair=repair)
        log.info("doctor: %d problem(s), %d repair(s)", len(report.problems), len(report.repaired))
        view = DoctorView.of(report)
        if json:
            typer.echo(view.model_dump_json(indent=2))
        else:
            _render(view)
        if not report.healthy:
            raise typer.Exit(code=1)


def _render(view: DoctorView) -> None:
    for line in view.repaired:
        typer.echo(f"repaired  {line}")
    for f in view.findings:
        detail = f": {f.problem}" if f.problem else ""
        typer.echo(f"{'ok' if f.ok else 'PROBLEM':8}  {f.target}  {f.check}{detail}")
    hint = " (run `abzu doctor --repair`)" if any(f.repairable and not f.ok for f in view.findings) else ""
    typer.echo("healthy" if view.healthy else f"problems found{hint}")
