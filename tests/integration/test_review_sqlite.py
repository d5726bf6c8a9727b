import hashlib
import sqlite3
from pathlib import Path

import pytest
from returns.result import Failure

from abzu.adapters.sqlite.migrations.runner import HEADS
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.application.review import text as review_text
from abzu.application.review.ops import ReviewOps
from abzu.application.review.ports import ReviewMalformed
from abzu.application.review.run_review import ReviewRequest
from abzu.domain.redaction import Redacted
from abzu.domain.review.model import Proposal, ReviewBatch
from abzu.entrypoints.wiring.container import Container
from tests.fakes import ScriptedReviewer

TABLES = {"wisdom": ("beads", "projects"), "staging": ("bead_candidates",)}


def files(c: Container) -> dict[str, Path]:
    return {"wisdom": Path(c.config.wisdom_path()), "staging": Path(c.config.staging_path())}


def dump(c: Container) -> str:
    """SHA-256 of every row of the content tables of both stores (review log excluded)."""
    digest = hashlib.sha256()
    for store, path in files(c).items():
        with sqlite3.connect(path) as conn:
            for table in TABLES[store]:
                for row in conn.execute(f"SELECT * FROM {table} ORDER BY 1"):
                    digest.update(repr(row).encode())
    return digest.hexdigest()


def fts_ok(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO beads_fts(beads_fts, rank) VALUES('integrity-check', 1)")


def stage(c: Container, text: str, category: str = "learning", project: str | None = None) -> str:
    return c.remember().execute(RememberRequest(text, category, project)).unwrap().id


@pytest.fixture
def staged(container: Container) -> dict[str, str]:
    ids = {
        "wal": stage(container, "Use WAL mode so readers never block the writer"),
        "busy": stage(container, "Set busy_timeout to 5000 ms to avoid database is locked"),
        "pref": stage(container, "Prefer small SQLite transactions with WAL", "preference"),
        "web": stage(container, "The web app renders partials with htmx", project="web"),
    }
    return ids


def test_the_review_log_table_has_finished_at_and_feeds_status(
    container: Container, staged: dict[str, str]
):
    with sqlite3.connect(files(container)["staging"]) as conn:
        columns = {r[1]: r[2] for r in conn.execute("PRAGMA table_info(review_log)")}
        version = conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    assert columns["finished_at"] == "TIMESTAMP" and version == HEADS["staging"]
    assert container.status().execute().last_review_at is None
    container.review.run_review(reviewer=ScriptedReviewer([])).execute(ReviewRequest()).unwrap()
    assert container.status().execute().last_review_at is not None


def test_a_full_review_changes_both_stores_and_recall_finds_the_promoted_bead(
    container: Container, staged: dict[str, str]
):
    reviewer = ScriptedReviewer([
        Proposal("promote", (staged["wal"],), category="pattern"),
        # A model may merge into a preference only under a category of its own (issue 20.6).
        Proposal("consolidate", (staged["busy"],), (staged["pref"],), category="pattern",
                 content="SQLite: small transactions, WAL, busy_timeout 5000 ms against locked errors"),
        Proposal("discard", (staged["web"],), reason="not about this codebase"),
    ])
    report = container.review.run_review(reviewer=reviewer).execute(ReviewRequest()).unwrap()
    assert report.failed == 0 and report.rejected == 0
    assert container.review.get_staged_candidates().execute() == []
    hits = container.recall().execute(RecallRequest("busy_timeout")).unwrap().hits
    assert hits[0].hit.content.startswith("SQLite: small transactions")
    fts_ok(files(container)["wisdom"])


def test_no_store_is_locked_while_the_reviewer_is_asked(container: Container, staged: dict[str, str]):
    def try_to_write(batch: ReviewBatch) -> list[Proposal]:
        for path in files(container).values():
            with sqlite3.connect(path, timeout=0, isolation_level=None) as conn:
                conn.execute("BEGIN IMMEDIATE")  # fails at once if anyone holds the write lock
                conn.execute("ROLLBACK")
        return [Proposal("promote", (batch.candidates[0].id,))]

    report = container.review.run_review(reviewer=ScriptedReviewer(try_to_write)).execute(ReviewRequest())
    assert report.unwrap().count("promote") == 1


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(lambda b: [Proposal("promote", (b.candidates[0].id,)),
                                Proposal("discard", ("c-hallucinated",))], id="unknown id"),
        pytest.param(lambda b: [Proposal("flag", (), (b.candidates[0].id,), reason="x"),
                                Proposal("delete", (b.candidates[1].id,))], id="delete"),
        pytest.param(Failure(ReviewMalformed("not JSON")), id="malformed"),
    ],
)
def test_hostile_answers_leave_both_stores_byte_for_byte_unchanged(
    container: Container, staged: dict[str, str], answer: object
):
    before = dump(container)
    report = container.review.run_review(reviewer=ScriptedReviewer(answer)).execute(ReviewRequest())  # type: ignore[arg-type]
    assert report.unwrap().failed == 1
    assert dump(container) == before


def test_a_batch_interrupted_while_applying_leaves_nothing_behind(
    container: Container, staged: dict[str, str], monkeypatch: pytest.MonkeyPatch
):
    def crash(*_: object) -> None:
        raise RuntimeError("killed mid-batch")

    monkeypatch.setattr(ReviewOps, "discard", crash)
    before = dump(container)
    reviewer = ScriptedReviewer([Proposal("promote", (staged["wal"],)),
                                 Proposal("discard", (staged["busy"],), reason="noise")])
    with pytest.raises(RuntimeError):
        container.review.run_review(reviewer=reviewer).execute(ReviewRequest())
    assert dump(container) == before


def test_undo_restores_wisdom_with_a_healthy_index_even_if_rowids_moved(
    container: Container, staged: dict[str, str]
):
    before = dump(container)
    reviewer = ScriptedReviewer([Proposal("promote", (staged["wal"],)),
                                 Proposal("discard", (staged["busy"],), reason="noise")])
    report = container.review.run_review(reviewer=reviewer).execute(ReviewRequest()).unwrap()
    assert report.snapshot and dump(container) != before
    with sqlite3.connect(report.snapshot) as snap:  # what a VACUUM may do: renumber rowids
        snap.execute("UPDATE beads SET rowid = rowid + 1000")
    later = stage(container, "Prefer four-space indentation", "preference")
    done = container.review.undo_review().execute().unwrap()
    assert (done.restaged, done.kept) == (2, 1)
    with container.uow() as uow:
        assert uow.beads.get(later) is not None
    with sqlite3.connect(files(container)["wisdom"]) as conn:  # without it: exactly as before
        conn.execute("DELETE FROM beads WHERE id = ?", (later,))
    assert dump(container) == before
    fts_ok(files(container)["wisdom"])
    hits = container.recall().execute(RecallRequest("transactions")).unwrap().hits
    assert [h.hit.item_id for h in hits] == [staged["pref"]]


def test_only_the_newest_five_snapshots_are_kept(container: Container, staged: dict[str, str]):
    snapshots = container.review.snapshots()
    taken = [snapshots.take(f"r-{i}") for i in range(7)]
    kept = sorted(Path(container.config.snapshot_dir()).glob("wisdom-*.db"))
    assert [str(p) for p in kept] == taken[2:]


def test_secrets_in_reviewer_output_never_reach_any_file(
    container: Container, staged: dict[str, str], monkeypatch: pytest.MonkeyPatch
):
    canary = "CANARY-91c2e"
    monkeypatch.setattr(review_text, "redact", lambda t: Redacted(t.replace(canary, "[REDACTED]"), ()))
    said = f"token {canary}"
    extra = stage(container, "Remember to check the caching layer later")
    first = ScriptedReviewer([
        Proposal("promote", (staged["wal"],), content=f"Use WAL mode; {said}", reason=said),
        Proposal("consolidate", (staged["busy"],), (staged["pref"],), content=f"busy_timeout, WAL {said}"),
        Proposal("discard", (staged["web"],), reason=said),
        Proposal("keep", (extra,), reason=said),
    ])
    assert container.review.run_review(reviewer=first).execute(ReviewRequest()).unwrap().count("promote") == 1
    hostile = ScriptedReviewer([Proposal("discard", (extra,), reason=said),
                                Proposal(f"delete {said}", (f"c-{canary}",), reason=said)])
    assert container.review.run_review(reviewer=hostile).execute(ReviewRequest()).unwrap().failed == 1
    container.shutdown_resources()
    for path in Path(container.config.home()).rglob("*"):
        if path.is_file():
            assert canary.lower().encode() not in path.read_bytes().lower(), path


def test_the_history_names_the_reviewer_and_what_undo_put_back(
    container: Container, staged: dict[str, str]
):
    reviewer = ScriptedReviewer([Proposal("promote", (staged["wal"],)),
                                 Proposal("discard", (staged["busy"],), reason="noise")])
    container.review.run_review(reviewer=reviewer).execute(ReviewRequest()).unwrap()
    later = stage(container, "Prefer four-space indentation", "preference")
    container.review.undo_review().execute().unwrap()
    with sqlite3.connect(files(container)["staging"]) as conn:
        events = conn.execute("SELECT event, who FROM memory_events WHERE item_id = ? ORDER BY seq",
                              (staged["busy"],)).fetchall()
    assert events == [("staged", "cli"), ("left staging", "review:gemini"), ("restored by undo", "undo")]
    with sqlite3.connect(files(container)["wisdom"]) as conn:
        kept = conn.execute("SELECT event, who FROM memory_events WHERE item_id = ? ORDER BY seq",
                            (later,)).fetchall()
    assert kept[-1] == ("restored by undo", "undo")
