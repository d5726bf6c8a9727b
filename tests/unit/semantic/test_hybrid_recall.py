"""Recall with semantic search on: the lexical ranking fused with the dense neighbours."""

import pytest

from abzu.application.recall import Recall, Recalled, RecallRequest
from abzu.application.semantic.hybrid_recall import dense_relevance, fuse_ranked
from abzu.domain.ranking import RankedHit, SearchHit, Source
from abzu.domain.scope import Scope, ScopeKind
from tests.builders import T0
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, bead
from tests.semantic_fakes import FakeDenseRecall, HashingEmbedder

# What a real model knows and FTS5 does not: a journal is what WAL writes.
MODEL = HashingEmbedder(synonyms={"journal": "wal", "journaling": "wal"})
ALL = Scope(ScopeKind.ALL, None)


@pytest.fixture
def stored(uow: FakeUnitOfWork) -> FakeUnitOfWork:
    uow.projects.paths.update({"api": "/src/api", "web": None})
    uow.beads.rows["b-wal"] = bead("b-wal", "Use WAL mode for SQLite")
    uow.beads.rows["b-lock"] = bead("b-lock", "Retry when the database is locked, whatever the journal mode")
    uow.beads.rows["b-web"] = bead("b-web", "WAL mode on the web server's SQLite", project="web")
    return uow


def recall(uow: FakeUnitOfWork, query: str, dense: FakeDenseRecall | None, weight: float = 0.3) -> Recalled:
    sut = Recall(uow, FixedClock(), FixedWorkspace(), dense=dense, dense_weight=weight)
    return sut.execute(RecallRequest(query)).unwrap()


def ids(found: Recalled) -> list[str]:
    return [h.hit.item_id for h in found.hits]


def test_off_recall_is_lexical_and_on_it_also_finds_what_means_the_same(stored: FakeUnitOfWork) -> None:
    assert ids(recall(stored, "journaling", None)) == []
    dense = FakeDenseRecall(stored.beads, MODEL, {"b-wal", "b-lock", "b-web"})
    assert ids(recall(stored, "journaling", dense))[0] == "b-wal"
    assert dense.expected == dense.asked == ["journaling"]


def test_dense_neighbours_stay_in_the_recall_scope(stored: FakeUnitOfWork) -> None:
    dense = FakeDenseRecall(stored.beads, MODEL, {"b-wal", "b-lock", "b-web"})
    assert "b-web" not in ids(recall(stored, "journaling", dense))


def test_a_memory_not_embedded_yet_keeps_its_lexical_rank(stored: FakeUnitOfWork) -> None:
    """The background pass has not reached b-wal: it still comes first, as without semantic,
    even with a dense weight that would sink it if a missing vector counted as "far"."""
    lexical = ids(recall(stored, "WAL mode", None))
    dense = FakeDenseRecall(stored.beads, MODEL, {"b-lock"})
    assert ids(recall(stored, "WAL mode", dense, weight=0.8)) == lexical == ["b-wal", "b-lock"]


def test_a_bead_found_by_meaning_alone_counts_as_recalled(stored: FakeUnitOfWork) -> None:
    dense = FakeDenseRecall(stored.beads, MODEL, {"b-wal"})
    recall(stored, "journaling", dense)
    assert stored.beads.rows["b-wal"].last_accessed == T0


def _ranked(item: str, score: float) -> RankedHit:
    hit = SearchHit(item, Source.BEAD, bead().category, None, item, None, T0, score)
    return RankedHit(hit, score, score)


def test_with_no_dense_weight_the_lexical_order_is_kept() -> None:
    lexical = [_ranked("a", 3.0), _ranked("b", 2.0), _ranked("c", 1.0)]
    dense = [(_ranked("c", 1.0).hit, 0.9), (_ranked("d", 1.0).hit, 0.8)]
    fused = fuse_ranked(lexical, dense, {"a", "b", "c", "d"}, lambda h: 1.0, 0.0, 10)
    assert [r.hit.item_id for r in fused] == ["a", "b", "c", "d"]


def test_a_strong_dense_match_lifts_a_middling_lexical_one() -> None:
    lexical = [_ranked("a", 3.0), _ranked("b", 2.0), _ranked("c", 1.0)]
    dense = [(_ranked("b", 1.0).hit, 0.9), (_ranked("c", 1.0).hit, 0.5)]
    fused = fuse_ranked(lexical, dense, {"a", "b", "c"}, lambda h: 1.0, 0.6, 2)
    assert [r.hit.item_id for r in fused] == ["b", "a"]


class BrokenDense:
    """The dense side failing as a corrupt vector table or a numpy error would."""

    def expect(self, query: str) -> None:
        pass

    def nearest(self, query: str, scope: object, limit: int, now: object) -> list[tuple[SearchHit, float]]:
        raise ValueError("cannot reshape array of size 383 into shape (1,384)\nsecond line")

    def embedded(self, ids: object) -> set[str]:
        raise AssertionError("not reached")


def test_a_failing_dense_side_gives_the_lexical_answer_and_one_log_line(
    stored: FakeUnitOfWork, caplog: pytest.LogCaptureFixture,
) -> None:
    lexical = ids(recall(stored, "WAL mode", None))
    sut = Recall(stored, FixedClock(), FixedWorkspace(), dense=BrokenDense())
    with caplog.at_level("WARNING", logger="abzu"):
        found = sut.execute(RecallRequest("WAL mode")).unwrap()
    assert ids(found) == lexical == ["b-wal", "b-lock"]
    assert len(caplog.records) == 1
    line = caplog.records[0].getMessage()
    assert "lexical only" in line and "ValueError" in line and "\n" not in line


# Issue 29.4: the relevance floor holds for hybrid recall too.

def test_an_off_topic_query_finds_nothing_with_semantic_on_as_with_it_off(stored: FakeUnitOfWork) -> None:
    dense = FakeDenseRecall(stored.beads, MODEL, {"b-wal", "b-lock", "b-web"})
    assert ids(recall(stored, "zebra migration patterns in Kenya", None)) == []
    assert dense.nearest("zebra migration patterns in Kenya", ALL, 10, T0)  # neighbours exist
    assert ids(recall(stored, "zebra migration patterns in Kenya", dense)) == []


def test_a_memory_found_by_meaning_alone_must_reach_the_floor_on_it(stored: FakeUnitOfWork) -> None:
    # "journaling" is WAL to the model: 1 word of b-wal's 5 (cosine 0.45), of b-lock's 10 (0.32).
    dense = FakeDenseRecall(stored.beads, MODEL, {"b-wal", "b-lock", "b-web"})
    found = recall(stored, "journaling", dense)
    assert ids(found) == ["b-wal"]
    assert all(h.relevance >= 0.3 for h in found.hits)


def test_a_lower_floor_lets_weaker_neighbours_in_but_never_noise(stored: FakeUnitOfWork) -> None:
    dense = FakeDenseRecall(stored.beads, MODEL, {"b-wal", "b-lock", "b-web"})
    sut = Recall(stored, FixedClock(), FixedWorkspace(), dense=dense)
    for query, found in [("journaling", ["b-wal", "b-lock"]), ("zebra migration patterns in Kenya", [])]:
        assert ids(sut.execute(RecallRequest(query, relevance_floor=0.0)).unwrap()) == found


def test_neighbours_at_the_noise_level_neither_add_hits_nor_move_lexical_ones() -> None:
    lexical = [_ranked("a", 3.0), _ranked("b", 2.0)]
    dense = [(_ranked("b", 1.0).hit, 0.80), (_ranked("z", 1.0).hit, 0.79), (_ranked("a", 1.0).hit, 0.78)]
    fused = fuse_ranked(lexical, dense, {"a", "b", "z"}, lambda h: 1.0, 0.9, 10, scale=(0.8, 0.9), floor=0.0)
    assert [r.hit.item_id for r in fused] == ["a", "b"]


def test_dense_relevance_runs_from_the_noise_level_to_a_strong_match() -> None:
    found = [dense_relevance(c, (0.8, 0.9)) for c in (0.5, 0.8, 0.83, 0.9, 0.95)]
    assert found == pytest.approx([0.0, 0.0, 0.3, 1.0, 1.0])
