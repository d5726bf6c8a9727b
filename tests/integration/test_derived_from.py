"""`derived_from` (issue 15): a bead knows the candidates and beads it was made from, on real files."""

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from abzu.application.manage.forget import ForgetMemory
from abzu.application.manage.show import ShowMemory
from abzu.application.remember import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container

NOTES = ("Retry the deploy when the registry times out", "Retry the registry push after a timeout")


def staged(container: Container, *texts: str) -> list[str]:
    return [container.remember().execute(RememberRequest(t, "fix")).unwrap().id for t in texts]


def merged(container: Container) -> tuple[str, list[str]]:
    sources = staged(container, *NOTES)
    consolidate = container.review.consolidate_beads()
    done = consolidate.execute(sources, "Retry deploys and registry pushes on timeouts")
    return done.unwrap().bead_id, sources


def test_a_consolidated_bead_shows_and_records_its_sources(container: Container) -> None:
    bead, sources = merged(container)

    assert ShowMemory(container.read_uow()).execute(bead).unwrap().derived_from == tuple(sorted(sources))
    events = [(e.event, e.detail, e.who) for e in container.trust.history().of_item(bead)]
    assert events[0][0] == "promoted"
    assert sorted(events[1:]) == sorted(("derived", f"from {s}", "review:human") for s in sources)


def test_a_promotion_records_the_candidate_it_came_from(container: Container) -> None:
    [candidate] = staged(container, NOTES[0])
    bead = container.review.promote_candidate().execute(candidate).unwrap().bead_id
    assert ShowMemory(container.read_uow()).execute(bead).unwrap().derived_from == (candidate,)


def test_forgetting_the_bead_takes_its_sources_rows_with_it(container: Container, abzu_home: Path) -> None:
    bead, _ = merged(container)
    ForgetMemory(container.uow()).execute(bead).unwrap()
    with closing(sqlite3.connect(abzu_home / "wisdom.db")) as conn:
        assert conn.execute("SELECT count(*) FROM bead_sources").fetchone() == (0,)


@pytest.fixture
def other(abzu_home: Path, repo: Path) -> Iterator[Container]:
    built = build_container(Settings(home=abzu_home.parent / "other-home"), cwd=repo)
    yield built
    built.shutdown_resources()


def test_sources_travel_in_the_export(container: Container, other: Container) -> None:
    bead, sources = merged(container)
    lines = list(container.trust.export_memory().execute())
    other.trust.import_memory().execute(lambda: lines)

    assert sum('"kind":"source"' in line for line in lines) == 2
    assert list(other.trust.export_memory().execute()) == lines
    assert ShowMemory(other.read_uow()).execute(bead).unwrap().derived_from == tuple(sorted(sources))
