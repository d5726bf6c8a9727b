"""Issue 20: a writer waiting in line at the write gate asks the scheduler for a short slice, and
gives it back; one that finds the gate free keeps its own (and never loads ctypes: issue 13)."""

import os
import threading
import time
from pathlib import Path

import pytest

from abzu.adapters.sqlite import urgent, write_gate


def _slice() -> int | None:
    """This thread's scheduler slice, as the kernel reports it (Linux with EEVDF only)."""
    try:
        lines = Path("/proc/thread-self/sched").read_text().splitlines()
    except OSError:
        return None
    found = [line.split(":")[1] for line in lines if line.startswith("se.slice")]
    return int(found[0]) if found else None


def _short_slices_here() -> int:
    """This thread's slice; skips where the kernel has none to ask for."""
    before = _slice()
    if before is None or before <= urgent.SLICE_NS or urgent.hurry() is None:
        pytest.skip("this kernel has no per-task slice to ask for")
    urgent.relax(before)
    return before


def _hold_until_another_queues(store: Path, held: threading.Event) -> None:
    """Holds the gate until a second ticket is drawn from `write.lock` (someone is in line)."""
    with write_gate.write_gate(store):
        held.set()
        lock = os.open(write_gate.lock_path(store), os.O_RDONLY)
        give_up = time.monotonic() + 30  # a guard against a hang, not a timing assertion
        while int.from_bytes(os.pread(lock, 8, 0), "little") < 2 and time.monotonic() < give_up:
            time.sleep(0.002)
        os.close(lock)


@pytest.mark.skipif(not write_gate._OFD, reason="the ticket line needs open-file-description locks")
def test_a_writer_that_waited_in_line_holds_the_gate_with_a_short_slice(tmp_path: Path) -> None:
    before, store, held = _short_slices_here(), tmp_path / "abzu.db", threading.Event()
    holder = threading.Thread(target=_hold_until_another_queues, args=(store, held))
    holder.start()
    held.wait(30)
    with write_gate.write_gate(store):
        assert _slice() == urgent.SLICE_NS
        with write_gate.write_gate(store):  # re-entry changes nothing
            assert _slice() == urgent.SLICE_NS
        assert _slice() == urgent.SLICE_NS
    holder.join(30)
    assert _slice() == before


def test_a_writer_that_finds_the_gate_free_keeps_its_own_slice(tmp_path: Path) -> None:
    before = _short_slices_here()
    with write_gate.write_gate(tmp_path / "abzu.db"):
        assert _slice() == before
    assert _slice() == before


def test_relax_without_a_hurry_changes_nothing() -> None:
    before = _slice()
    urgent.relax(None)
    assert _slice() == before
