"""One factory of the session lifecycle (wiring/lifecycle.py): the container's providers and the
background jobs build the same use cases from it, each door with its own parts."""

from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest
from dependency_injector import providers

from abzu.entrypoints import setting_fields as one
from abzu.entrypoints.wiring.container import Container
from abzu.entrypoints.wiring.lifecycle import SessionLifecycle
from tests.fakes import FixedClock

USE_CASES = ("ingest_spool", "finalize_session", "recover_sessions", "capture_pre_compact", "maintenance",
             "extract_transcript", "remember_many")


def shape(value: object, depth: int = 2) -> object:
    """The classes a use case is made of, two levels down (its adapters and their parts)."""
    if not is_dataclass(value) or depth == 0:
        return type(value).__name__
    parts = tuple((f.name, shape(getattr(value, f.name), depth - 1)) for f in fields(value))
    return type(value).__name__, parts


def test_the_background_door_builds_what_the_container_builds(
    container: Container, abzu_home: Path, repo: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ABZU_HOME", str(abzu_home))
    plain, wired = SessionLifecycle.open(repo), container.lifecycle()
    assert plain.home == wired.home and plain.max_chars == wired.max_chars
    for name in USE_CASES:
        assert shape(getattr(plain, name)()) == shape(getattr(wired, name)()), name


def test_the_containers_session_providers_are_the_factorys_with_the_containers_parts(
    container: Container,
) -> None:
    fixed = FixedClock()
    container.clock.override(providers.Object(fixed))
    finalize = container.sessions.finalize_session()
    assert finalize.clock is fixed and finalize.maintenance().clock is fixed
    assert container.sessions.capture_pre_compact().extractor.clock is fixed
    assert container.sessions.maintenance().clock is fixed


def test_a_setting_the_container_would_refuse_stops_the_background_door_too(
    abzu_home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ABZU_HOME", str(abzu_home))
    monkeypatch.setenv("ABZU_MAX_CONTENT_CHARS", "-5")
    with pytest.raises(one.Refused, match="max_content_chars: Input should be greater than 0"):
        SessionLifecycle.open()


def test_both_doors_finalise_with_the_cross_session_pattern_stager(
    container: Container, abzu_home: Path, repo: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Optional in the use case (None: no patterns across sessions), so only wiring can drop it."""
    monkeypatch.setenv("ABZU_HOME", str(abzu_home))
    assert SessionLifecycle.open(repo).finalize_session().recurring is not None
    assert container.sessions.finalize_session().recurring is not None
