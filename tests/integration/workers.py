"""Code run in spawned child processes by the concurrency test (importable, no fixtures)."""

import hashlib
from pathlib import Path

from returns.result import Success

from abzu.application.remember import Remembered, RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


def distinct_text(worker: int, item: int) -> str:
    """Words unique to (worker, item): no two texts are near-duplicates of each other."""
    digest = hashlib.sha256(f"{worker}/{item}".encode()).hexdigest()
    return "concurrency note " + " ".join(f"w{digest[i:i + 6]}" for i in range(0, 48, 6))


def remember_many(home: str, cwd: str, worker: int, count: int) -> tuple[list[str], list[str]]:
    """Each call goes through the real container, as a hook or CLI process would."""
    container = build_container(Settings(home=Path(home)), cwd=Path(cwd))
    stored, errors = [], []
    for item in range(count):
        category = "preference" if item % 2 else "learning"
        try:
            result = container.remember().execute(RememberRequest(distinct_text(worker, item), category))
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
            continue
        match result:
            case Success(Remembered() as done) if done.outcome.value == "stored":
                stored.append(done.id)
            case _:
                errors.append(f"unexpected result {result}")
    container.shutdown_resources()
    return stored, errors
