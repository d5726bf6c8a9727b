"""Issue 20.5: writers take turns at the data home's write gate, first come first served."""

import multiprocessing
import signal
import sqlite3
import threading
from pathlib import Path
from typing import Any

from returns.result import Success

from abzu.adapters.sqlite import write_gate
from abzu.adapters.sqlite.write_gate import GateBusy, acquire, release
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.entrypoints.wiring.container import Container


def _free_to_another_thread(store: Path) -> bool:
    """What a released gate means to the next writer: it can take it without waiting."""
    taken: list[int | None] = []

    def probe() -> None:
        taken.append(acquire(store, wait=False))
        if taken[0] is not None:
            release(store, taken[0])

    thread = threading.Thread(target=probe)
    thread.start()
    thread.join()
    return taken[0] is not None


def _count_under_gate(store: str, counter: str, rounds: int) -> None:
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # as `abzu remember`: the main thread waits itself
    for _ in range(rounds):
        with write_gate.write_gate(Path(store)):
            path = Path(counter)
            value = int(path.read_text())
            path.write_text(str(value + 1))  # a lost update if two were inside at once


def test_processes_never_overlap_inside_the_gate(tmp_path: Path) -> None:
    store, counter = tmp_path / "wisdom.db", tmp_path / "counter"
    counter.write_text("0")
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=_count_under_gate, args=(str(store), str(counter), 100)) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert counter.read_text() == "400"


def _queued(store: Path, name: str, order: list[str]) -> threading.Thread:
    def run() -> None:
        with write_gate.write_gate(store):
            order.append(name)

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _tickets_drawn(store: Path) -> int:
    return int.from_bytes(write_gate.lock_path(store).read_bytes()[:8], "little")


def test_waiters_enter_in_the_order_they_came(tmp_path: Path) -> None:
    store, order = tmp_path / "wisdom.db", []
    acquire(store)
    threads = []
    for name in ("first", "second", "third"):
        threads.append(_queued(store, name, order))
        while _tickets_drawn(store) < len(threads) + 1:  # wait until it is in line
            threading.Event().wait(0.005)
    release(store)
    for thread in threads:
        thread.join()
    assert order == ["first", "second", "third"]


def test_a_wait_is_bounded_and_the_line_survives_the_one_who_gave_up(tmp_path: Path) -> None:
    store = tmp_path / "wisdom.db"
    acquire(store)
    outcome: list[str] = []

    def impatient() -> None:
        try:
            acquire(store, timeout=0.1)
            outcome.append("entered")
        except GateBusy as exc:
            outcome.append(str(exc))

    thread = threading.Thread(target=impatient)
    thread.start()
    thread.join()
    assert outcome and "database is locked" in outcome[0]
    assert isinstance(GateBusy("x"), sqlite3.OperationalError)  # the busy policy's kind of error
    release(store)
    later: list[str] = []
    _queued(store, "later", later).join()
    assert later == ["later"]


def test_a_try_does_not_wait_and_reentry_does_not_block(tmp_path: Path) -> None:
    store, results = tmp_path / "abzu.db", []
    assert acquire(store) is not None
    assert acquire(store.with_name("wisdom.db")) is not None  # the same gate, this thread: deeper
    thread = threading.Thread(target=lambda: results.append(acquire(store, wait=False)))
    thread.start()
    thread.join()
    assert results == [None]
    release(store)
    release(store)
    assert _free_to_another_thread(store)
    assert write_gate.lock_path(store) == tmp_path / "write.lock"


def test_a_remember_leaves_the_gate_open_and_a_recall_never_takes_it(
    container: Container, abzu_home: Path
) -> None:
    result = container.remember().execute(RememberRequest("gate note: writers queue fairly", "learning"))
    assert isinstance(result, Success)
    assert _free_to_another_thread(abzu_home / "wisdom.db")
    taken, done = threading.Event(), threading.Event()

    def other_writer() -> None:  # holds the gate until the recall is over
        with write_gate.write_gate(abzu_home / "wisdom.db"):
            taken.set()
            done.wait()

    holder = threading.Thread(target=other_writer)
    holder.start()
    taken.wait()
    try:  # recall still answers at once; its decay stamps are simply skipped
        assert container.recall().execute(RecallRequest("writers queue fairly")).unwrap().hits
    finally:
        done.set()
        holder.join()


def _hold(store: str, held: Any, done: Any) -> None:
    with write_gate.write_gate(Path(store)):
        held.set()
        done.wait(60)


def _wait_in_main_thread(
    store: str, timeout: float, said: "multiprocessing.Queue[str]", linger: Any = None
) -> None:
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # no test timer: the wait is the process's own
    try:
        holder = acquire(Path(store), timeout=timeout)
        said.put("entered")
        release(Path(store), holder)
    except GateBusy as exc:
        said.put(str(exc))
    if linger is not None:  # alive: a process that exits gives its place in line up with it
        linger.wait(60)


def test_a_process_waiting_in_its_main_thread_gives_up_in_time_and_the_line_survives(
    tmp_path: Path,
) -> None:
    store, ctx = tmp_path / "wisdom.db", multiprocessing.get_context("fork")
    said: multiprocessing.Queue[str] = ctx.Queue()
    held, done = ctx.Event(), ctx.Event()  # the holder: a process of its own (a forked child
    holder = ctx.Process(target=_hold, args=(str(store), held, done))  # shares its parent's locks)
    holder.start()
    assert held.wait(60)
    linger = ctx.Event()
    impatient = ctx.Process(target=_wait_in_main_thread, args=(str(store), 0.2, said, linger))
    impatient.start()
    assert "database is locked" in said.get(timeout=60)
    patient = ctx.Process(target=_wait_in_main_thread, args=(str(store), 60.0, said))
    patient.start()
    while _tickets_drawn(store) < 3:  # in line behind the holder and the one who gave up
        threading.Event().wait(0.005)
    assert said.empty()
    done.set()
    assert said.get(timeout=60) == "entered"
    linger.set()
    for child in (patient, impatient, holder):
        child.join()
