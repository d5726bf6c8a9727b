"""Issue 29.2 on real stores: staged matches stay above the relevance floor in recall and in the
SessionStart reader alike, however small the staging table and whatever the query's other words."""

from collections.abc import Callable
from pathlib import Path

import pytest

from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.application.recall import Recall, RecallRequest
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.domain.text import keywords
from tests.fakes import T0, FixedClock, FixedWorkspace, bead, candidate
from tests.integration.sqlite_helpers import sqlite_uow

ROTATION = ["Refresh token rotation: a new refresh token on every use",
            "Refresh token rotation failed when two tabs refreshed at once",
            "Refresh token rotation needs the token family id on the server"]
UNRELATED_BEADS = ["Use WAL for SQLite", "Run ruff before committing", "Keep functions short"]
PREFERENCE = "Prefer refresh token rotation over long sessions"

Search = Callable[[str], set[str]]


def fill(folder: Path, staged: list[str], *, beads: list[str], dropped: int = 0) -> None:
    """`dropped` candidates are staged first and deleted (reviewed away): rowids leave a gap."""
    with sqlite_uow(folder) as uow, uow:
        uow.projects.register("api", "/src/api", T0)
        for i in range(dropped):
            uow.candidates.add(candidate(f"gone-{i}", f"an old staged note {i}"))
        for i, text in enumerate(staged):
            uow.candidates.add(candidate(f"c-{i}", text))
        for i, text in enumerate(beads):
            uow.beads.add(bead(f"b-{i}", text, category=Category.PREFERENCE))
        for i in range(dropped):
            uow.candidates.delete(f"gone-{i}")
        uow.commit()


def by_recall(folder: Path) -> Search:
    def search(query: str) -> set[str]:
        with sqlite_uow(folder) as uow:
            recall = Recall(uow, FixedClock(), FixedWorkspace())
            found = recall.execute(RecallRequest(query)).unwrap()
        return {h.hit.content for h in found.hits}

    return search


def by_session_start(folder: Path) -> Search:
    def search(query: str) -> set[str]:
        reader = Sqlite3SessionContext(folder / "wisdom.db", folder / "abzu.db", DecayPolicy())
        try:
            hits = reader.search(keywords(query), "api", limit=30, now=T0)
        finally:
            reader.close()
        return {r.hit.content for r in RankingPolicy().rank(hits, focus_project="api", limit=30)}

    return search


READERS = [by_recall, by_session_start]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("extra", ["", " auth", " api", " zebra kenya"])
def test_a_word_that_matches_nothing_leaves_the_staged_matches_above_the_floor(
    tmp_path: Path, reader: Callable[[Path], Search], extra: str,
) -> None:
    fill(tmp_path, ROTATION, beads=[PREFERENCE, *UNRELATED_BEADS])
    assert reader(tmp_path)("refresh token rotation" + extra) == {*ROTATION, PREFERENCE}


@pytest.mark.parametrize("reader", READERS)
def test_a_word_in_most_staged_rows_still_matches_beside_a_rarer_one(
    tmp_path: Path, reader: Callable[[Path], Search],
) -> None:
    # "refresh" is in 3 of 5 staged rows: FTS5 floors its IDF to 1e-6 there, "auth" gets 0.34.
    auth = ["Auth cookies are httpOnly and SameSite=strict", "Auth errors return 401, never 403"]
    fill(tmp_path, [*ROTATION, *auth], beads=UNRELATED_BEADS)
    assert reader(tmp_path)("refresh token rotation auth") == {*ROTATION, *auth}


@pytest.mark.parametrize("reader", READERS)
def test_staged_rows_reviewed_away_do_not_count_as_rows_of_the_table(
    tmp_path: Path, reader: Callable[[Path], Search],
) -> None:
    fill(tmp_path, ROTATION, beads=[PREFERENCE, *UNRELATED_BEADS], dropped=7)
    assert reader(tmp_path)("refresh token rotation") == {*ROTATION, PREFERENCE}
