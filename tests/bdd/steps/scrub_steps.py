"""Steps for features/scrub.feature: secrets planted raw in real files, then scrubbed."""

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pytest_bdd import given, then, when

from abzu.application.recall import RecallRequest
from abzu.application.scrub.scrub_stores import ScrubReport, ScrubRequest
from abzu.entrypoints.wiring.container import Container
from tests.canaries import Canaries
from tests.integration.sqlite_helpers import fts_matches
from tests.scrub_planting import PLANTED_ITEMS, SURVIVING_WORD, files_holding, plant_everywhere


@dataclass
class ScrubWorld:
    container: Container
    home: Path
    canaries: Canaries = field(default_factory=Canaries.fresh)
    reports: list[ScrubReport] = field(default_factory=list)

    def scrub(self, *, dry_run: bool) -> None:
        self.reports.append(self.container.scrub.scrub_stores().execute(ScrubRequest(dry_run=dry_run)))


@pytest.fixture
def scrub_world(container: Container, abzu_home: Path) -> ScrubWorld:
    return ScrubWorld(container, abzu_home)


@given("a GitHub token and an AWS key were stored before any rule caught them")
def _(scrub_world: ScrubWorld) -> None:
    plant_everywhere(scrub_world.container, scrub_world.home, scrub_world.canaries)
    assert files_holding(scrub_world.home, scrub_world.canaries)


@when("I scrub everything Abzu has stored")
def _(scrub_world: ScrubWorld) -> None:
    scrub_world.scrub(dry_run=False)


@when("I ask what a scrub would change")
def _(scrub_world: ScrubWorld) -> None:
    scrub_world.scrub(dry_run=True)


@then("no file of Abzu contains either secret")
def _(scrub_world: ScrubWorld) -> None:
    assert files_holding(scrub_world.home, scrub_world.canaries) == []


@then("the memories are still found by their other words")
def _(scrub_world: ScrubWorld) -> None:
    found = scrub_world.container.recall().execute(RecallRequest(SURVIVING_WORD, scope="all")).unwrap()
    assert {hit.hit.item_id for hit in found.hits} == {"b-planted", "c-planted"}


@then("searching for the token finds nothing")
def _(scrub_world: ScrubWorld) -> None:
    token = f'"{scrub_world.canaries.github[4:]}"'
    assert fts_matches(scrub_world.home / "wisdom.db", "beads_fts", token) == 0
    assert fts_matches(scrub_world.home / "abzu.db", "candidates_fts", token) == 0


@then("the scrub says how many items it changed")
@then("the scrub says how many items would change")
def _(scrub_world: ScrubWorld) -> None:
    report = scrub_world.reports[-1]
    assert report.changed == sum(c.changed for c in report.counts) == PLANTED_ITEMS and report.problems == ()


@then("the last scrub says nothing changed")
def _(scrub_world: ScrubWorld) -> None:
    assert scrub_world.reports[-1].changed == 0


@then("the secrets are still stored")
def _(scrub_world: ScrubWorld) -> None:
    assert {"wisdom.db", "abzu.db"} <= {
        Path(f).name.removesuffix("-wal") for f in files_holding(scrub_world.home, scrub_world.canaries)}
