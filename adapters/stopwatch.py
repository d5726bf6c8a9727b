import time

from abzu.application.evaluation.ports import Stopwatch


class PerfCounterStopwatch(Stopwatch):
    def seconds(self) -> float:
        return time.perf_counter()
