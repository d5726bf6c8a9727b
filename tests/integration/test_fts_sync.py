"""The triggers keep both FTS indexes in step with their tables on insert, update and delete."""

import sqlite3
from datetime import timedelta
from pathlib import Path

from abzu.domain.scope import Scope, ScopeKind
from tests.fakes import T0, bead, candidate
from tests.integration.sqlite_helpers import fts_in_sync, fts_matches, sqlite_uow

ALL = Scope(ScopeKind.ALL, None)


def test_bead_index_follows_inserts_updates_and_deletes(tmp_path: Path) -> None:
    wisdom = tmp_path / "wisdom.db"
    with sqlite_uow(tmp_path) as uow:
        with uow:
            uow.projects.register("api", "/src/api", T0)
            uow.beads.add(bead("b-1", "original wording about lighthouses", tags=("beacon",)))
            uow.beads.add(bead("b-2", "doomed note about lighthouses", gemini_flagged=True))
            uow.commit()
        assert fts_in_sync(wisdom, "beads_fts") and fts_matches(wisdom, "beads_fts", "beacon") == 1
        with uow:
            uow.beads.update(bead("b-1", "rewritten wording about harbours", summary="harbour"))
            uow.beads.mark_recalled(["b-1"], T0 + timedelta(days=1))
            uow.beads.apply_decay(T0 + timedelta(days=400))
            uow.commit()
        assert fts_in_sync(wisdom, "beads_fts")
        assert fts_matches(wisdom, "beads_fts", "original") == 0
        assert fts_matches(wisdom, "beads_fts", "harbours") == 1
        with uow:
            assert uow.beads.delete_flagged() == ["b-2"]
            uow.commit()
            assert [h.item_id for h in uow.beads.search(["lighthouses"], ALL, limit=5, now=T0)] == []
    assert fts_in_sync(wisdom, "beads_fts") and fts_matches(wisdom, "beads_fts", "doomed") == 0


def test_candidate_index_follows_inserts_updates_and_deletes(tmp_path: Path) -> None:
    staging = tmp_path / "abzu.db"
    with sqlite_uow(tmp_path) as uow, uow:
        uow.candidates.add(candidate("c-1", "original wording about lighthouses"))
        uow.candidates.add(candidate("c-2", "second note about lighthouses"))
        uow.candidates.update(candidate("c-1", "rewritten wording about harbours").superseded(by="c-2"))
        uow.commit()
    assert fts_in_sync(staging, "candidates_fts")
    assert fts_matches(staging, "candidates_fts", "original") == 0
    assert fts_matches(staging, "candidates_fts", "harbours") == 1
    with sqlite3.connect(staging) as conn:
        conn.execute("DELETE FROM bead_candidates WHERE id = 'c-2'")
    assert fts_in_sync(staging, "candidates_fts") and fts_matches(staging, "candidates_fts", "second") == 0


def test_the_check_does_catch_an_index_that_drifted(tmp_path: Path) -> None:
    staging = tmp_path / "abzu.db"
    with sqlite_uow(tmp_path) as uow, uow:
        uow.candidates.add(candidate("c-1", "original wording"))
        uow.commit()
    with sqlite3.connect(staging) as conn:
        conn.execute("DROP TRIGGER candidates_au")
        conn.execute("UPDATE bead_candidates SET content = 'edited behind the index'")
    assert not fts_in_sync(staging, "candidates_fts")


def test_the_porter_tokenizer_finds_other_forms_of_a_word(tmp_path: Path) -> None:
    with sqlite_uow(tmp_path) as uow, uow:
        uow.candidates.add(candidate("c-1", "the writer locks the database"))
        assert [h.item_id for h in uow.candidates.search(["locking"], ALL, limit=5, now=T0)] == ["c-1"]


def test_a_supersede_marks_a_live_row_once_and_leaves_its_text_indexed(tmp_path: Path) -> None:
    staging = tmp_path / "abzu.db"
    with sqlite_uow(tmp_path) as uow, uow:
        for item, text in (("c-1", "original wording about lighthouses"), ("c-2", "second note"),
                           ("c-3", "third note")):
            uow.candidates.add(candidate(item, text))
        assert uow.candidates.supersede("c-1", by="c-2")
        assert not uow.candidates.supersede("c-1", by="c-3")  # another writer's late verdict
        assert not uow.candidates.supersede("c-404", by="c-3")
        uow.commit()
        first = candidate("c-1", "original wording about lighthouses")
        assert uow.candidates.get("c-1") == first.superseded(by="c-2")
    assert fts_in_sync(staging, "candidates_fts")
    assert fts_matches(staging, "candidates_fts", "lighthouses") == 1
