"""The extraction bookkeeping on a real abzu.db: which messages a session already had mined."""

from datetime import UTC, datetime
from pathlib import Path

from abzu.adapters.sqlite.extraction_store import SqliteExtractionUnitOfWork
from tests.integration.sqlite_helpers import open_store

AT = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def test_already_extracted_names_exactly_the_recorded_pairs_of_that_session(tmp_path: Path) -> None:
    store = open_store(tmp_path / "abzu.db", "staging")
    recorded = [(f"m-{n:04d}", "fix") for n in range(0, 1200, 2)]  # more uuids than one query takes
    with SqliteExtractionUnitOfWork(store) as uow:
        for uuid, kind in recorded:
            uow.extraction.mark_extracted("s-1", uuid, kind, candidate_id=None, at=AT)
        uow.extraction.mark_extracted("s-2", "m-0001", "fix", candidate_id=None, at=AT)
        uow.commit()
    asked = [(f"m-{n:04d}", kind) for n in range(1200) for kind in ("fix", "decision")]
    with SqliteExtractionUnitOfWork(store) as uow:
        assert uow.extraction.already_extracted("s-1", asked) == set(recorded)
        assert uow.extraction.already_extracted("s-2", asked) == {("m-0001", "fix")}
        assert uow.extraction.already_extracted("s-3", asked) == set()
    store.close()
