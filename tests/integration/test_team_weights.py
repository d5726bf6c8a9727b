"""One weight a query word over every store a recall reads, the team's copy included (issues 29.2
and 32): a local memory that holds one word of the query is judged against the whole query,
the words only the team holds included, so a team memory holding every word ranks above it;
recall and the session start agree."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.adapters.team_cache.context import TeamSessionContext
from abzu.adapters.team_cache.reader import CachedTeamRecall
from abzu.adapters.team_cache.writer import SqliteTeamCache
from abzu.application.recall import Recall, RecallRequest
from abzu.application.team.ports import TeamItem
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.domain.text import keywords
from tests.builders import bead
from tests.contract.stores import unit_of_work
from tests.fakes import T0, FixedClock, FixedWorkspace

QUERY = "vacuum starvation"
LOCAL = "Run a manual vacuum weekly on the staging database"
TEAM = "Vacuum starvation: autovacuum cannot keep up with the write rate of the events table"


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    with unit_of_work("sqlite", tmp_path) as uow, uow:
        uow.projects.register("api", "/src/api", T0)
        uow.beads.add(bead("b-local", LOCAL))
        for i in range(12):  # stores of some size, so that the words' weights mean something
            uow.beads.add(bead(f"b-{i}", f"deploy note {i} about the release train"))
        uow.commit()
    items = [TeamItem(bead("b-team", TEAM), "alice", "desk-2")]
    items += [TeamItem(bead(f"t-{i}", f"team note {i} on the review rota"), "bob", None) for i in range(12)]
    SqliteTeamCache(tmp_path / "team" / "cache.db").replace(items, T0)
    yield tmp_path


def test_recall_ranks_the_team_memory_holding_every_word_above_a_local_one_holding_one(home: Path) -> None:
    with unit_of_work("sqlite", home) as uow:
        team = CachedTeamRecall(home / "team" / "cache.db")
        found = Recall(uow, FixedClock(), FixedWorkspace(), team=team).answer(RecallRequest(QUERY))
    assert not isinstance(found, Exception)
    ranked = [(h.hit.item_id, h.hit.author, h.hit.vouched_by) for h in found.hits]
    assert ranked[0] == ("b-team", "alice", "review")
    assert ("b-local", None, "review") not in ranked[:1]


def test_the_session_start_weighs_the_words_as_recall_does(home: Path) -> None:
    team = CachedTeamRecall(home / "team" / "cache.db")
    reader = TeamSessionContext(home / "wisdom.db", home / "abzu.db", DecayPolicy(), team)
    try:
        hits = reader.search(keywords(QUERY), "api", limit=10, now=T0)
    finally:
        reader.close()
    with unit_of_work("sqlite", home) as uow:
        found = Recall(uow, FixedClock(), FixedWorkspace(), team=team).answer(RecallRequest(QUERY))
    assert not isinstance(found, Exception)
    session_start = [r.hit.item_id for r in RankingPolicy().rank(hits, focus_project="api", limit=10)]
    assert session_start == [h.hit.item_id for h in found.hits]
    assert {h.item_id: (h.strength, h.ceiling) for h in hits} == {
        h.hit.item_id: (h.hit.strength, h.hit.ceiling) for h in found.hits}


def test_the_copy_weighs_words_by_its_recorded_size_and_an_older_copy_by_counting(home: Path) -> None:
    import sqlite3

    copy = home / "team" / "cache.db"
    terms = keywords("review rota vacuum")
    recorded = CachedTeamRecall(copy).term_counts(terms)
    assert [t.total for t in recorded.tables] == [13, 0]
    with sqlite3.connect(copy) as conn:  # a copy written before sizes were recorded
        conn.execute("DELETE FROM meta WHERE key LIKE 'rows:%'")
    assert CachedTeamRecall(copy).term_counts(terms) == recorded
