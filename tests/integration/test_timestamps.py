from datetime import UTC, datetime, timedelta, timezone

from abzu.adapters.sqlite.timestamps import from_db, to_db


def test_a_stored_moment_reads_back_as_the_same_utc_moment() -> None:
    moment = datetime(2026, 11, 26, 15, 4, 5, 123456, tzinfo=timezone(timedelta(hours=2)))

    back = from_db(to_db(moment))

    assert back == moment and back is not None and back.utcoffset() == timedelta(0)


def test_sqlite_defaults_and_offsets_read_as_utc() -> None:
    assert from_db("2026-11-26 13:04:05") == datetime(2026, 11, 26, 13, 4, 5, tzinfo=UTC)
    assert from_db("2026-11-26T15:04:05+02:00") == datetime(2026, 11, 26, 13, 4, 5, tzinfo=UTC)
    assert from_db("") is None and from_db(None) is None
