from datetime import timedelta

from abzu.application.maintenance import MaintenanceReport, RunMaintenance
from tests.fakes import T0, FakeUnitOfWork, FixedClock, bead


def test_maintenance_stores_decayed_weights_and_deletes_only_flagged_beads(
    uow: FakeUnitOfWork, clock: FixedClock
) -> None:
    uow.beads.rows.update({
        "b-fresh": bead("b-fresh", "a"),
        "b-old": bead("b-old", "b", created_at=T0 - timedelta(days=400)),
        "b-flagged": bead("b-flagged", "c", gemini_flagged=True, flag_reason="contradicted"),
        "b-child": bead("b-child", "d", superseded_by="b-flagged"),
    })
    report = RunMaintenance(uow=uow, clock=clock).execute()
    assert report == MaintenanceReport(weights_changed=1, deleted=("b-flagged",))
    assert set(uow.beads.rows) == {"b-fresh", "b-old", "b-child"}
    assert uow.beads.rows["b-old"].weight == 0.1
    assert uow.beads.rows["b-child"].superseded_by is None
    assert uow.commits == 1


def test_running_maintenance_twice_changes_nothing_more(uow: FakeUnitOfWork, clock: FixedClock) -> None:
    uow.beads.rows["b-old"] = bead("b-old", "b", created_at=T0 - timedelta(days=100))
    sut = RunMaintenance(uow=uow, clock=clock)
    assert sut.execute().weights_changed == 1
    assert sut.execute() == MaintenanceReport(0, ())
