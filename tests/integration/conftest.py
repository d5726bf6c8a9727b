"""Fixtures of the scrub tests: canaries made fresh per test, planted raw in every store and file."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.entrypoints.wiring.container import Container
from tests.canaries import Canaries
from tests.scrub_planting import plant_everywhere


@pytest.fixture
def canaries() -> Canaries:
    return Canaries.fresh()


@pytest.fixture
def planted(container: Container, abzu_home: Path, canaries: Canaries) -> Iterator[Container]:
    plant_everywhere(container, abzu_home, canaries)
    yield container
