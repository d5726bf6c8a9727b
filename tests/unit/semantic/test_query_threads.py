"""The query embedding's thread count follows the idle cores (query_threads.py)."""

import os
from pathlib import Path

import pytest

from abzu.adapters.semantic.query_threads import OmpThreads, runnable_now, spare_core, threads_for


@pytest.mark.parametrize(
    ("cpus", "runnable", "expected"),
    [
        (2, 2, 2),  # a quiet two-core machine: the recall's own two tasks, both cores for the model
        (2, 3, 1),  # one other busy task: one thread, as before
        (2, 25, 1),  # the loaded bench machine: never below one
        (8, 2, 4),  # a quiet laptop: capped, more threads would idle on a short query
        (8, 7, 3),
    ],
)
def test_threads_follow_the_idle_cores(cpus: int, runnable: int, expected: int) -> None:
    assert threads_for(cpus, runnable) == expected


@pytest.mark.parametrize(
    ("cpus", "runnable", "expected"),
    [
        (2, 1, True),  # a quiet two-core machine: the recall alone, one core idle for the model
        (2, 2, False),  # someone else runs on the other core: embed on the recall's own thread
        (2, 19, False),
        (8, 7, True),
        (2, None, True),  # no /proc/loadavg: keep the overlap
    ],
)
def test_the_overlap_needs_an_idle_core(cpus: int, runnable: int | None, expected: bool) -> None:
    assert spare_core(cpus, runnable) is expected


def test_runnable_tasks_are_read_from_loadavg(tmp_path: Path) -> None:
    loadavg = tmp_path / "loadavg"
    loadavg.write_text("8.21 8.36 5.56 7/141 3246\n")
    assert runnable_now(loadavg) == 7


@pytest.mark.parametrize("text", [None, "", "garbage"])
def test_no_loadavg_means_no_opinion(tmp_path: Path, text: str | None) -> None:
    loadavg = tmp_path / "loadavg"
    if text is not None:
        loadavg.write_text(text)
    assert runnable_now(loadavg) is None


def test_without_an_openmp_runtime_setting_threads_does_nothing(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.write_text("7f65 r-xp 00000000 08:01 1 /usr/lib/x86_64-linux-gnu/libc.so.6\n")
    omp = OmpThreads(maps)
    omp.set(2)  # no runtime: a no-op, not an error
    assert not omp.available


def test_an_unloadable_runtime_is_ignored(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.write_text(f"7f65 r-xp 00000000 08:01 1 {tmp_path / 'libgomp-gone.so.1'}\n")
    assert not OmpThreads(maps).available


def test_blas_is_single_threaded_unless_the_user_chose(monkeypatch: pytest.MonkeyPatch) -> None:
    from abzu.adapters.semantic.numpy_index import single_threaded_blas

    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    single_threaded_blas()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")
    single_threaded_blas()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "4"
