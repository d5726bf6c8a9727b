"""The background jobs the hooks start detached (entrypoints/detach.py `background_job`):
`python -m abzu.entrypoints.background`, its job as JSON on stdin, the fields named as in a hook
payload and validated as one (HookPayload):

    {"job": "finalize", "session_id": "…"}                       after SessionEnd
    {"job": "snapshot", "session_id": "…", "transcript_path": "…", "trigger": "auto"}   PreCompact
    {"job": "recover", "session_id": "…"}   SessionStart: recover every session but this one

It calls what the typed `abzu finalize` / `snapshot` / `recover` call once typer has parsed their
arguments (session_jobs.py), on the session lifecycle's factory built from the environment
(wiring/lifecycle.py): no typer, no container, no pydantic-settings in a process that runs after
every session. Like a hook it fails open: exit 0, a failure is one line in Abzu's log.
"""

import json
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

    from abzu.adapters.claude_hook_payload import HookPayload

MAX_JOB_CHARS = 100_000


class JobFailed(Exception):
    """The job's use case said no (an unknown session): its one line goes to the log."""


def main(stdin: "TextIO | None" = None) -> int:
    from abzu.domain.extraction.distiller_child import CHILD_VARIABLE, is_child

    if is_child(os.environ.get(CHILD_VARIABLE)):
        return 0  # started under Abzu's own distiller: nothing of it is captured (issue 29.1)
    job = "(unreadable)"
    try:
        data = json.loads((stdin or sys.stdin).read(MAX_JOB_CHARS))
        job = str(data.get("job")) if isinstance(data, dict) else job
        run(job, data)
    except Exception as exc:  # fail open, as the hook that started it
        from abzu.entrypoints.hooks.main import log_failure

        log_failure(job, exc, door="background")
    return 0


def run(job: str, data: object) -> None:
    from abzu.adapters.claude_hook_payload import HookPayload

    payload = HookPayload.model_validate(data)
    # Abzu uses no pydantic plugins; looking for them scans every installed package (~25 ms CPU)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if job == "finalize":
        _finalize(payload)
    elif job == "snapshot":
        _snapshot(payload)
    elif job == "recover":
        _recover(payload)
    else:
        raise ValueError(f"unknown background job {job!r}; expected finalize, snapshot or recover")


def _finalize(payload: "HookPayload") -> None:
    from abzu.entrypoints.session_jobs import finalize
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle

    error = finalize(SessionLifecycle.open(), payload.session_id, print)
    if error is not None:
        raise JobFailed(error)


def _snapshot(payload: "HookPayload") -> None:
    from abzu.entrypoints.session_jobs import snapshot
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle

    snapshot(SessionLifecycle.open, payload.session_id, payload.transcript_path, payload.trigger)


def _recover(payload: "HookPayload") -> None:
    """Every session but the starting one (`session_id`), as `abzu recover --exclude ID`."""
    from abzu.entrypoints.session_jobs import recover, recovery_settings
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle

    recover(SessionLifecycle.open(), payload.session_id, False, *recovery_settings(), print)


if __name__ == "__main__":
    raise SystemExit(main())
