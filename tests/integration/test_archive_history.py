"""Export/import carry the history (issue 15): the file's events, not the import's, and once."""

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from abzu.application.remember import RememberRequest
from abzu.domain.archive import VERSION, decode_record, sort_key
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container


def events(home: Path, db: str) -> list[tuple[str, str, str | None]]:
    with closing(sqlite3.connect(home / db)) as conn:
        return conn.execute("SELECT item_id, event, who FROM memory_events ORDER BY seq").fetchall()


@pytest.fixture
def other(abzu_home: Path, repo: Path) -> Iterator[Container]:
    built = build_container(Settings(home=abzu_home.parent / "other-home"), cwd=repo, actor="mcp")
    yield built
    built.shutdown_resources()


def exported(container: Container) -> list[str]:
    return list(container.trust.export_memory().execute())


def test_an_import_keeps_the_history_of_the_file_not_its_own(container: Container, other: Container) -> None:
    pref = container.remember().execute(RememberRequest("Prefer tabs in Makefiles", "preference")).unwrap()
    container.star().execute(pref.id).unwrap()
    other.trust.import_memory().execute(lambda: exported(container))
    home = Path(other.config.home())
    assert events(home, "wisdom.db") == [(pref.id, "created", "cli"), (pref.id, "starred", "cli")]
    assert exported(other) == exported(container)


def test_importing_again_adds_no_event(container: Container, other: Container) -> None:
    container.remember().execute(RememberRequest("Pin the Node version in CI", "decision")).unwrap()
    lines = exported(container)
    first = other.trust.import_memory().execute(lambda: lines)
    again = other.trust.import_memory().execute(lambda: lines)
    assert (first.added, again.added) == (3, 0)  # project, candidate, its 'staged' event
    assert len(events(Path(other.config.home()), "abzu.db")) == 1


def test_a_file_without_history_is_recorded_as_imported_by_its_writer(
    container: Container, other: Container,
) -> None:
    container.remember().execute(RememberRequest("Pin the Node version in CI", "decision")).unwrap()
    version_1 = [line for line in exported(container) if '"kind":"event"' not in line]
    version_1[0] = version_1[0].replace(f'"version":{VERSION}', '"version":1')
    assert '"version":1' in version_1[0]
    other.trust.import_memory().execute(lambda: version_1)
    assert [(e, who) for _, e, who in events(Path(other.config.home()), "abzu.db")] == [("staged", "cli")]


def test_events_of_a_duplicate_skipped_stay_out(container: Container, other: Container) -> None:
    text = "Run the migrations before the deploy"
    mine = container.remember().execute(RememberRequest(text, "fix")).unwrap()
    theirs = other.remember().execute(RememberRequest(text, "fix")).unwrap()
    counts = other.trust.import_memory().execute(lambda: exported(container))
    assert counts.duplicates == 1
    assert [i for i, _, _ in events(Path(other.config.home()), "abzu.db")] == [theirs.id]
    assert mine.id != theirs.id


def test_the_store_is_read_in_export_order_whatever_order_it_was_written_in(container: Container) -> None:
    # the export streams rows in SQL order and no longer sorts them itself: the two orders must agree
    for _ in range(3):
        container.remember().execute(RememberRequest("Pin the Node version in CI", "decision")).unwrap()
    keys = ["zeta", "Alpha", "éclair", "beta", "10", "9", "Ünicode", "_under"]
    with closing(sqlite3.connect(Path(container.config.home()) / "wisdom.db")) as conn, conn:
        conn.executemany("INSERT INTO user_profile (key, value, source) VALUES (?, 'v', 'explicit')",
                         [(k,) for k in keys])
    records = list(container.trust.export_memory().execute())[1:]
    decoded = [decode_record(line, n) for n, line in enumerate(records, start=2)]
    assert [r.key for r in decoded if r.kind == "profile"] == sorted(keys)
    assert decoded == sorted(decoded, key=sort_key)


def test_an_import_reads_its_file_once_to_check_it_and_once_per_store(container: Container, other: Container
                                                                      ) -> None:
    container.remember().execute(RememberRequest("Prefer tabs in Makefiles", "preference")).unwrap()
    container.remember().execute(RememberRequest("Pin the Node version in CI", "decision")).unwrap()
    lines, opened = exported(container), []

    def reopened() -> list[str]:
        opened.append(len(opened) + 1)  # what `abzu import` shows as one progress bar
        return lines

    other.trust.import_memory().execute(reopened)
    assert opened == [1, 2, 3]  # check, wisdom.db, abzu.db
