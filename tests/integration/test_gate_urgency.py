"""Issue 20: a writer at the write gate asks the scheduler for a short slice, and gives it back."""

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


def test_a_writer_holds_the_gate_with_a_short_slice_and_leaves_with_its_own(tmp_path: Path) -> None:
    before = _slice()
    if before is None or before <= urgent.SLICE_NS or urgent.hurry() is None:
        pytest.skip("this kernel has no per-task slice to ask for")
    urgent.relax(before)
    with write_gate.write_gate(tmp_path / "abzu.db"):
        assert _slice() == urgent.SLICE_NS
        with write_gate.write_gate(tmp_path / "abzu.db"):  # re-entry changes nothing
            assert _slice() == urgent.SLICE_NS
        assert _slice() == urgent.SLICE_NS
    assert _slice() == before


def test_relax_without_a_hurry_changes_nothing() -> None:
    before = _slice()
    urgent.relax(None)
    assert _slice() == before
