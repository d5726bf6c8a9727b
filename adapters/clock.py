from datetime import UTC, datetime

from abzu.application.basic_ports import Clock


class SystemClock(Clock):
    def now(self) -> datetime:
        return datetime.now(UTC)
