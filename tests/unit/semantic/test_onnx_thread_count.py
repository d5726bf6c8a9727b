"""Which onnxruntime session a query runs on, given the threads query_threads allows now."""

import pytest

pytest.importorskip("numpy")

from abzu.adapters.semantic.e5_onnx import thread_count


@pytest.mark.parametrize(("loaded", "wanted", "chosen"), [
    ((1, 2), 1, 1),  # busy machine: one thread
    ((1, 2), 2, 2),  # a core idle: both
    ((1, 2), 4, 2),  # more allowed than loaded: the most loaded
    ((2,), 1, 2),  # only a two-thread session: it, rather than nothing
])
def test_the_most_threads_allowed_among_the_loaded_sessions(
    loaded: tuple[int, ...], wanted: int, chosen: int,
) -> None:
    assert thread_count(loaded, wanted) == chosen
