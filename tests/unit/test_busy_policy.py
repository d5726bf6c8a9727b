"""A busy store is retried, the whole unit of work, with jitter, up to a bounded deadline."""

import sqlite3

import pytest

from abzu.adapters.sqlite.busy import BusyPolicy, StoreBusy, is_busy


class Timeline:
    """A fake clock whose sleeps advance it: no test waits for real."""

    def __init__(self) -> None:
        self.now, self.pauses = 0.0, []  # type: list[float]

    def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds

    def monotonic(self) -> float:
        return self.now


def locked() -> sqlite3.OperationalError:
    return sqlite3.OperationalError("database is locked")


class Wrapped(Exception):
    """An error wrapping the driver's, as SQLAlchemy's does during a migration (`.orig`)."""

    def __init__(self, orig: Exception) -> None:
        super().__init__(f"(wrapped) {orig}")
        self.orig = orig


def policy(timeline: Timeline, deadline_s: float = 5.0) -> BusyPolicy:
    return BusyPolicy(deadline_s=deadline_s, sleep=timeline.sleep, monotonic=timeline.monotonic)


def test_a_unit_of_work_that_meets_a_busy_store_is_run_again_until_it_lands() -> None:
    timeline, attempts = Timeline(), []

    def attempt() -> str:
        attempts.append(1)
        if len(attempts) < 4:
            raise locked()
        return "stored"

    assert policy(timeline).run(attempt) == "stored"
    assert len(attempts) == 4 and len(timeline.pauses) == 3


def test_pauses_are_random_and_grow_but_stay_bounded() -> None:
    timeline = Timeline()

    def attempt() -> None:
        raise locked()

    with pytest.raises(StoreBusy):
        policy(timeline, deadline_s=30).run(attempt)
    assert all(0 <= p <= 0.25 for p in timeline.pauses)
    assert len(set(timeline.pauses)) > len(timeline.pauses) // 2  # jitter: not one fixed beat


def test_past_the_deadline_the_user_gets_one_line_without_the_driver_s_text() -> None:
    timeline = Timeline()

    def attempt() -> None:
        raise locked()

    with pytest.raises(StoreBusy) as raised:
        policy(timeline, deadline_s=2).run(attempt)
    message = str(raised.value)
    assert "\n" not in message and "SQL" not in message and "OperationalError" not in message
    assert message.startswith("the memory store stayed busy for 2 s")
    assert 2 <= timeline.now < 3  # bounded: one last pause at most past the deadline


def test_errors_other_than_busy_are_not_retried() -> None:
    timeline, attempts = Timeline(), []

    def attempt() -> None:
        attempts.append(1)
        raise Wrapped(sqlite3.OperationalError("no such table: beads"))

    with pytest.raises(Wrapped):
        policy(timeline).run(attempt)
    assert attempts == [1]


def test_busy_is_recognised_from_sqlite_s_own_words() -> None:
    assert is_busy(locked()) and is_busy(Wrapped(locked()))
    assert not is_busy(Wrapped(sqlite3.OperationalError("disk I/O error")))
    assert not is_busy(ValueError("database is locked"))


def test_a_unit_of_work_that_stops_being_busy_lands() -> None:
    timeline, attempts = Timeline(), []

    def attempt() -> str:
        attempts.append(1)
        if len(attempts) < 3:
            raise sqlite3.OperationalError("database is locked")
        return "stored"

    assert policy(timeline).run(attempt) == "stored" and len(attempts) == 3


def test_a_driver_error_that_is_not_busy_is_not_retried() -> None:
    timeline = Timeline()

    def attempt() -> str:
        raise sqlite3.OperationalError("no such table: beads")

    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        policy(timeline).run(attempt)
    assert timeline.pauses == []
