"""Issue 20.5 / 13.5: recall never waits for writers; a remember that cannot land is kept."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from returns.result import Success

from abzu.adapters.sqlite.busy import BusyPolicy
from abzu.adapters.sqlite.retrying import MemoryQueued
from abzu.adapters.sqlite.stores import ready
from abzu.application.recall import Recalled, RecallRequest
from abzu.application.remember import Remembered, RememberRequest
from abzu.entrypoints.wiring.container import Container

SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


@contextmanager
def write_locked(*paths: Path) -> Iterator[None]:
    """Another process's writer: holds the write lock on each store until the block ends."""
    conns = [sqlite3.connect(p, isolation_level=None) for p in paths]
    try:
        for conn in conns:
            conn.execute("BEGIN IMMEDIATE")
        yield
    finally:
        for conn in conns:
            conn.rollback()
            conn.close()


def stored(container: Container, text: str, category: str = "preference") -> str:
    result = container.remember().execute(RememberRequest(text, category))
    assert isinstance(result, Success) and isinstance(result.unwrap(), Remembered)
    return result.unwrap().id


def recall(container: Container, query: str) -> Recalled:
    result = container.recall().execute(RecallRequest(query))
    assert isinstance(result, Success)
    return result.unwrap()


def last_accessed(home: Path, bead_id: str) -> str | None:
    with sqlite3.connect(home / "wisdom.db") as conn:
        return conn.execute("SELECT last_accessed FROM beads WHERE id = ?", (bead_id,)).fetchone()[0]


def test_recall_answers_while_another_process_holds_both_write_locks(
    container: Container, abzu_home: Path
) -> None:
    bead_id = stored(container, "use uv for python environments")
    with write_locked(abzu_home / "wisdom.db", abzu_home / "abzu.db"):
        found = recall(container, "python environments")
    assert [h.hit.item_id for h in found.hits] == [bead_id]
    assert last_accessed(abzu_home, bead_id) is None  # the stamp was deferred, not waited for


def test_recall_stamps_land_before_status_reads_the_store(container: Container, abzu_home: Path) -> None:
    bead_id = stored(container, "use uv for python environments")
    recall(container, "python environments")
    assert last_accessed(abzu_home, bead_id) is None  # the recall itself wrote nothing
    container.status().execute()
    assert last_accessed(abzu_home, bead_id) is not None


def test_a_remember_that_cannot_land_is_kept_redacted_and_stored_by_the_next_one(
    container: Container, abzu_home: Path
) -> None:
    impatient = BusyPolicy(deadline_s=0.3)
    ready(abzu_home / "wisdom.db", "wisdom"), ready(abzu_home / "abzu.db", "staging")  # before the lock
    with write_locked(abzu_home / "wisdom.db"), pytest.raises(MemoryQueued) as queued:
        container.remember(policy=impatient).execute(
            RememberRequest(f"deploy token is {SECRET} keep it safe", "preference"))
    message = str(queued.value)
    assert "\n" not in message and "SQL" not in message and "spool" in message
    kept = list((abzu_home / "spool" / "remember").glob("*.json"))
    assert len(kept) == 1 and SECRET not in kept[0].read_text(encoding="utf-8")
    assert oct(kept[0].stat().st_mode & 0o777) == oct(0o600)

    stored(container, "a later memory once the store is free")
    with sqlite3.connect(abzu_home / "wisdom.db") as conn:
        contents = [r[0] for r in conn.execute("SELECT content FROM beads")]
    assert any(c.startswith("deploy token is") for c in contents)
    assert not any(SECRET in c for c in contents)
    assert list((abzu_home / "spool" / "remember").glob("*.json")) == []


def test_a_learning_lands_while_another_process_holds_wisdom_db(
    container: Container, abzu_home: Path
) -> None:
    """A learning is staged: its remember writes abzu.db only, so a long writer of the knowledge
    base (a review applying its verdicts) does not hold it up."""
    stored(container, "the first memory registers the project", "learning")
    impatient = BusyPolicy(deadline_s=0.3)
    with write_locked(abzu_home / "wisdom.db"):
        done = container.remember(policy=impatient).execute(
            RememberRequest("integration tests need the docker socket", "learning")).unwrap()
    with sqlite3.connect(abzu_home / "abzu.db") as conn:
        staged = conn.execute("SELECT content FROM bead_candidates WHERE id = ?", (done.id,)).fetchone()
    assert staged == ("integration tests need the docker socket",)


def test_remembering_a_known_text_again_answers_while_both_stores_are_locked(
    container: Container, abzu_home: Path
) -> None:
    """The duplicate look-up reads without a write lock: nothing new to store, nothing to wait for."""
    first = stored(container, "prefer small pull requests")
    impatient = BusyPolicy(deadline_s=0.3)
    with write_locked(abzu_home / "wisdom.db", abzu_home / "abzu.db"):
        again = container.remember(policy=impatient).execute(
            RememberRequest("prefer small pull requests", "preference")).unwrap()
    assert (again.id, again.outcome.value) == (first, "skipped-duplicate")
