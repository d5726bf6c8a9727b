"""`abzu scrub` on real files: secrets stored before a rule existed leave no byte behind."""

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from abzu.application.recall import Recalled, RecallRequest
from abzu.application.remember import RememberRequest
from abzu.application.scrub.scrub_stores import ScrubReport, ScrubRequest
from abzu.domain.content import content_hash
from abzu.entrypoints.wiring.container import Container
from tests.canaries import Canaries
from tests.integration.sqlite_helpers import fts_in_sync, fts_matches
from tests.scrub_planting import PLANTED_ITEMS, SURVIVING_WORD, TRANSCRIPT, files_holding


def scrub(container: Container, *, dry_run: bool = False) -> ScrubReport:
    return container.scrub.scrub_stores().execute(ScrubRequest(dry_run=dry_run))


def changed(report: ScrubReport) -> dict[tuple[str, str], int]:
    return {(c.target, c.place): c.changed for c in report.counts if c.changed}


def test_planted_secrets_are_everywhere_before_the_scrub(planted: Container, abzu_home: Path, canaries):
    holding = {Path(f).name.removesuffix("-wal") for f in files_holding(abzu_home, canaries)}
    assert {"wisdom.db", "abzu.db", "abzu.log", "abzu.log.1"} <= holding
    assert any(f.startswith("wisdom-") for f in holding)
    assert any(f.endswith((".json", ".bad")) for f in holding)


def test_no_byte_of_a_secret_survives_in_any_file(planted: Container, abzu_home: Path, canaries):
    report = scrub(planted)

    assert report.problems == ()
    assert files_holding(abzu_home, canaries) == []
    assert {p.name for p in abzu_home.glob("*.db-wal")} and all(
        p.stat().st_size == 0 for p in abzu_home.glob("*.db-wal"))


def test_every_text_column_holding_a_secret_is_counted(planted: Container):
    counts = changed(scrub(planted))

    assert counts == {
        ("wisdom.db", "beads"): 1, ("wisdom.db", "user_profile"): 1,
        ("abzu.db", "bead_candidates"): 1, ("abzu.db", "session_summaries"): 1,
        ("abzu.db", "extraction_log"): 1, ("abzu.db", "review_log"): 1, ("abzu.db", "review_archive"): 1,
        **{key: n for key, n in counts.items() if key[0].startswith("snapshots/")},
        ("logs", "abzu.log"): 1, ("logs", "abzu.log.1"): 1, ("spool", "entries"): 2,
    }
    assert {place for target, place in counts if target.startswith("snapshots/")} == {"beads", "user_profile"}


def test_the_search_index_forgets_the_secret_and_still_finds_the_memory(
    planted: Container, abzu_home: Path, canaries: Canaries
):
    scrub(planted)

    for path, fts in ((abzu_home / "wisdom.db", "beads_fts"), (abzu_home / "abzu.db", "candidates_fts")):
        assert fts_in_sync(path, fts)
        assert fts_matches(path, fts, f'"{SURVIVING_WORD}"') == 1
        assert fts_matches(path, fts, f'"{canaries.github[4:]}"') == 0
        assert fts_matches(path, fts, f'"{canaries.aws}"') == 0
        assert fts_matches(path, fts, '"REDACTED"') == 1
    found = planted.recall().execute(RecallRequest(SURVIVING_WORD, scope="all")).unwrap()
    assert isinstance(found, Recalled) and {h.hit.item_id for h in found.hits} == {"b-planted", "c-planted"}


def test_ids_are_kept_and_content_hashes_follow_the_new_text(planted: Container, abzu_home: Path):
    scrub(planted)

    for path, table, item in ((abzu_home / "wisdom.db", "beads", "b-planted"),
                              (abzu_home / "abzu.db", "bead_candidates", "c-planted")):
        with closing(sqlite3.connect(path)) as conn:
            text, digest, tags = conn.execute(
                f"SELECT content, content_hash, tags FROM {table} WHERE id = ?", (item,)).fetchone()
        assert "[REDACTED:" in text and digest == content_hash(text)
        assert all(isinstance(tag, str) for tag in json.loads(tags))
    with closing(sqlite3.connect(abzu_home / "abzu.db")) as conn:
        archived = json.loads(conn.execute("SELECT payload FROM review_archive").fetchone()[0])
    assert "[REDACTED:" in archived["content"]
    assert archived["content_hash"] == content_hash(archived["content"])


def test_file_locations_are_kept_so_sessions_still_find_their_transcripts(planted: Container, abzu_home):
    scrub(planted)

    with closing(sqlite3.connect(abzu_home / "abzu.db")) as conn:
        paths = conn.execute("SELECT s.transcript_path, c.transcript_path, s.cwd FROM sessions s"
                             " JOIN transcript_cursors c USING (session_id)").fetchone()
    assert paths == (TRANSCRIPT, TRANSCRIPT, "/src/api")


def test_the_spool_entry_stays_a_journal_entry(planted: Container, abzu_home: Path):
    scrub(planted)

    entry = json.loads(next((abzu_home / "spool").glob("*.json")).read_text(encoding="utf-8"))
    assert entry["kind"] == "hook" and entry["payload"]["reason"].startswith("exit [REDACTED:github-pat:")
    assert entry["payload"]["cwd"] == "/src/api"


def test_a_second_scrub_changes_nothing(planted: Container, abzu_home: Path, canaries: Canaries):
    first = scrub(planted)
    second = scrub(planted)

    assert first.changed > 0 and second.changed == 0 and second.problems == ()
    # the same items, plus the history events the first scrub wrote ("content changed")
    same = [(c.target, c.place, c.scanned) for c in second.counts if c.place != "memory_events"]
    assert same == [(c.target, c.place, c.scanned) for c in first.counts if c.place != "memory_events"]
    assert files_holding(abzu_home, canaries) == []


def test_a_dry_run_counts_and_writes_nothing(planted: Container, abzu_home: Path, canaries: Canaries):
    before = file_contents(abzu_home)
    report = scrub(planted, dry_run=True)

    assert report.dry_run and changed(report) == changed(scrub(planted, dry_run=True))
    assert report.changed == PLANTED_ITEMS
    assert file_contents(abzu_home) == before
    with closing(sqlite3.connect(abzu_home / "wisdom.db")) as conn:
        assert canaries.github in conn.execute("SELECT content FROM beads").fetchone()[0]


def file_contents(home: Path) -> dict[Path, bytes]:
    """Every file but the shared-memory index, which readers update too."""
    return {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and not p.name.endswith("-shm")}


def test_a_clean_store_reports_nothing_changed(container: Container):
    container.remember().execute(RememberRequest("Vacuum the replica monthly", "decision"))
    report = scrub(container)

    assert report.changed == 0 and report.scanned > 0 and report.problems == ()


def test_residue_of_a_deleted_secret_is_purged_though_no_row_changes(
    container: Container, abzu_home: Path, canaries: Canaries
):
    container.remember().execute(RememberRequest("Vacuum the replica monthly", "decision"))
    with closing(sqlite3.connect(abzu_home / "abzu.db")) as conn, conn:
        conn.execute("INSERT INTO bead_candidates(id, content, category, content_hash, source)"
                     " VALUES ('c-gone', ?, 'fix', 'h', 'manual')", (canaries.text,))
        conn.execute("DELETE FROM bead_candidates WHERE id = 'c-gone'")
    assert "abzu.db" in {Path(f).name.removesuffix("-wal") for f in files_holding(abzu_home, canaries)}

    report = scrub(container)

    assert report.changed == 0
    assert files_holding(abzu_home, canaries) == []


def test_undo_after_a_scrub_restores_no_secret(planted: Container, abzu_home: Path, canaries: Canaries):
    scrub(planted)
    snapshot = next((abzu_home / "snapshots").glob("wisdom-*.db"))

    assert planted.review.snapshots().restore(str(snapshot)).unwrap() is None
    assert sorted(p.name for p in snapshot.parent.iterdir()) == [snapshot.name]  # still one plain file
    with closing(sqlite3.connect(abzu_home / "wisdom.db")) as conn:
        content = conn.execute("SELECT content FROM beads WHERE id = 'b-planted'").fetchone()[0]
    assert SURVIVING_WORD in content and canaries.github not in content


def test_the_history_names_the_scrub_as_maintenance(planted: Container, abzu_home: Path) -> None:
    scrub(planted)

    for db in ("wisdom.db", "abzu.db"):
        with closing(sqlite3.connect(abzu_home / db)) as conn:
            rewritten = conn.execute(
                "SELECT who FROM memory_events WHERE event = 'content changed'").fetchall()
            assert rewritten == [("maintenance",)], db
            assert conn.execute("SELECT count(*) FROM event_actor").fetchone() == (0,)
