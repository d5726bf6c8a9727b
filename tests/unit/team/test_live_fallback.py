"""A team server that does not answer is asked once per recall (issue 32): its counts come from
the local copy, and so do its hits, with one log line, never a second wait."""

import logging

import pytest
from sqlalchemy import Engine

from abzu.adapters.postgres.team_recall import LiveTeamRecall
from abzu.domain.scope import Scope, ScopeKind
from tests.builders import T0
from tests.unit.team.test_team_recall import FakeTeam, team_hit


def test_a_server_that_fails_to_count_is_not_asked_for_hits(caplog: pytest.LogCaptureFixture) -> None:
    asked = []

    def engine() -> Engine:
        asked.append(1)
        raise OSError("connection refused")

    copy = FakeTeam(team_hit("b-team", 0.9))
    live = LiveTeamRecall(engine, copy, "db.example")
    with caplog.at_level(logging.WARNING, logger="abzu"):
        counted = live.term_counts(["sqlite"])
        hits = live.search(["sqlite"], Scope(ScopeKind.ALL, None), limit=5, now=T0, counts=counted)
    assert not counted.live and [h.item_id for h in hits] == ["b-team"]
    assert len(asked) == 1 and len(caplog.records) == 1
    assert "db.example unavailable" in caplog.records[0].getMessage()
