"""A writer in line at the write gate asks the scheduler for a short time slice (Linux ≥ 6.12).

The gate hands the turn from process to process: each release wakes exactly the next in line
(write_gate.py), and the whole line waits until that one gets a CPU. On a busy machine the
CPUs are taken by readers (recall) and other work with ordinary slices, and the kernel's EEVDF
scheduler lets the running task finish its slice before a woken one runs: every hand-over
cost up to a slice, 32 writers x 500 queued behind those. A short requested slice
(`sched_setattr`, `sched_runtime`) gives the woken writer an earlier deadline, so it preempts at
once (the kernel's PREEMPT_SHORT); no privilege is needed, the priority (nice) is unchanged,
and the CPU share is the same. The thread's own slice is put back when it leaves the gate.
Elsewhere (other kernels, other systems) these calls do nothing.
"""

import os
import struct
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # ctypes loads only when a writer waits in line (write_gate._wait)
    import ctypes

SLICE_NS = 100_000  # the kernel's minimum: 0.1 ms
# sched_setattr / sched_getattr by machine; others: no-op.
_CALLS = {"x86_64": (314, 315), "aarch64": (274, 275)}
_SIZE = 48  # struct sched_attr up to sched_period (SCHED_ATTR_SIZE_VER0)
_FORMAT = "IIQiIQQQ"  # size, policy, flags, nice, priority, runtime, deadline, period
_Calls = tuple["ctypes.CDLL", int, int]
_state: dict[str, "_Calls | None"] = {}


def _calls() -> _Calls | None:
    """libc and the two syscall numbers, looked up once; None where unsupported."""
    if "calls" not in _state:
        numbers = _CALLS.get(os.uname().machine) if hasattr(os, "uname") else None
        libc = None
        if numbers:
            import ctypes

            try:
                libc = ctypes.CDLL(None, use_errno=True)
            except OSError:
                libc = None
        _state["calls"] = (libc, *numbers) if libc and numbers else None
    return _state["calls"]


def hurry() -> int | None:
    """Asks for the short slice; returns the previous slice for `relax` (None: nothing changed)."""
    calls = _calls()
    if calls is None:
        return None
    libc, set_call, get_call = calls
    import ctypes

    buf = ctypes.create_string_buffer(_SIZE)
    if libc.syscall(get_call, 0, buf, _SIZE, 0) != 0:
        return None
    _, policy, _, nice, _, runtime, _, _ = struct.unpack(_FORMAT, buf.raw)
    if policy != 0 or runtime <= SLICE_NS:  # only SCHED_OTHER; already short: leave it
        return None
    if not _set(libc, set_call, nice, SLICE_NS):
        return None
    return int(runtime)


def relax(previous: int | None) -> None:
    """Puts back the slice `hurry` replaced."""
    if previous is None:  # first: nothing to put back loads no ctypes
        return
    calls = _calls()
    if calls is None:
        return
    import ctypes

    libc, set_call, _ = calls
    buf = ctypes.create_string_buffer(_SIZE)
    if libc.syscall(calls[2], 0, buf, _SIZE, 0) == 0:
        _set(libc, set_call, struct.unpack(_FORMAT, buf.raw)[3], previous)


def _set(libc: "ctypes.CDLL", call: int, nice: int, runtime: int) -> bool:
    import ctypes

    attr = ctypes.create_string_buffer(struct.pack(_FORMAT, _SIZE, 0, 0, nice, 0, runtime, 0, 0), _SIZE)
    return bool(libc.syscall(call, 0, attr, 0) == 0)
