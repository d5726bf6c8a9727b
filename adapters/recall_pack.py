"""The recall pack (issue 13.3; seed 003's `recall/pack.md`): what session start reads from the
stores, answered ahead of time by finalisation and review and kept per project root in the data
home, so the next session start skips the queries.

It is not a second renderer: finalisation runs the session-start use case itself over a
recording `SessionContext`, and the next start replays those answers through the same use case,
so the block cannot differ from a live one. A pack is used only when the stores' marks
(adapters/sqlite/store_marks.py) and the UTC day (decay is by day) are those it was taken at;
any question it holds no answer for is asked live.

Beside it, the rendered block (adapters/rendered_pack.py) lets a new session skip even the
use case's import; this answers pack serves the starts that block cannot (another source, a
changed file or setting) while the stores are unchanged.

Pickled with an unpickler that builds Abzu's domain values and datetimes only (the file is in the
private data home, 0600; a pack that does not load is ignored).
"""

import io
import os
import pickle
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from abzu.application.sessions.hook_ports import SessionContext
from abzu.domain.ranking import SearchHit
from abzu.domain.sessions.delta import MemoryDelta
from abzu.domain.sessions.loops import ShownLoops
from abzu.domain.sessions.summary import SessionSummary

Key = tuple[object, ...]
T = TypeVar("T")
_DATETIME = frozenset({"datetime", "date", "timedelta", "timezone"})


class PackedContext:
    """A SessionContext answering from `answers` when it holds the question; otherwise live
    (`live` built on first use). `recording`: live answers are kept in `answers` (the writer)."""

    def __init__(self, live: Callable[[], SessionContext], answers: dict[Key, Any] | None = None,
                 *, recording: bool = False) -> None:
        self._live, self._inner = live, cast(SessionContext | None, None)
        self.answers: dict[Key, Any] = {} if answers is None else answers
        self._recording = recording

    def _ask(self, key: Key, ask: Callable[[SessionContext], T]) -> T:
        if key in self.answers:
            return cast(T, self.answers[key])
        if self._inner is None:
            self._inner = self._live()
        answer = ask(self._inner)
        if self._recording:
            self.answers[key] = answer
        return answer

    def project_for_root(self, root: str) -> str | None:
        return self._ask(("project_for_root", root), lambda c: c.project_for_root(root))

    def last_session(self, project: str, *, excluding: str) -> SessionSummary | None:
        """`excluding` is left out of the key: a pack serves a new session only (no rows yet)."""
        return self._ask(("last_session", project),
                         lambda c: c.last_session(project, excluding=excluding))

    def session_summaries(self, session_id: str) -> list[SessionSummary]:
        return self._ask(("session_summaries", session_id),
                         lambda c: c.session_summaries(session_id))

    def transcript_offset(self, session_id: str) -> int:
        return self._ask(("transcript_offset", session_id),
                         lambda c: c.transcript_offset(session_id))

    def session_ended(self, session_id: str) -> bool:
        return self._ask(("session_ended", session_id), lambda c: c.session_ended(session_id))

    def search(self, terms: Sequence[str], project: str | None, *, limit: int,
               now: datetime) -> list[SearchHit]:
        key = ("search", tuple(terms), project, limit, now.date())
        return self._ask(key, lambda c: c.search(terms, project, limit=limit, now=now))

    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        key = ("notable", project, limit, now.date())
        return self._ask(key, lambda c: c.notable(project, limit=limit, now=now))

    def memory_delta(self, project: str, *, excluding: str) -> MemoryDelta | None:
        return self._ask(("memory_delta", project),
                         lambda c: c.memory_delta(project, excluding=excluding))

    def open_loops(self, project: str, *, limit: int) -> ShownLoops:
        return self._ask(("open_loops", project, limit), lambda c: c.open_loops(project, limit=limit))


def save_pack(path: Path, mark: object, day: date, answers: dict[Key, Any]) -> None:
    """Written aside and renamed: a reader sees the old pack or the new one, never half."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        pickle.dump((mark, day, answers), out, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temporary, path)


def load_pack(path: Path, mark: Callable[[], object], day: date) -> dict[Key, Any] | None:
    """The answers when the pack was taken on `day` at the stores' current `mark()` (asked only
    when there is a pack of today to check); None when absent, stale or unreadable."""
    try:
        saved_mark, saved_day, answers = _Unpickler(io.BytesIO(path.read_bytes())).load()
    except (OSError, ValueError, TypeError, EOFError, pickle.UnpicklingError, AttributeError, ImportError):
        return None
    fresh = saved_day == day and isinstance(answers, dict) and saved_mark == mark()
    return answers if fresh else None


class _Unpickler(pickle.Unpickler):
    """Domain values and datetimes only: nothing in a pack may name any other callable."""

    def find_class(self, module: str, name: str) -> Any:
        allowed = module.startswith("abzu.domain.") or (module == "datetime" and name in _DATETIME)
        found = super().find_class(module, name) if allowed and "." not in name else None
        if not isinstance(found, type):  # classes only: no function of any module is ever called
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a recall pack")
        return found
