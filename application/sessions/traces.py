"""Use cases: what each session left behind (the candidates it staged, the blocks injected into
it) and which sessions were shown a memory: read-only, for a person looking (the web page)."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from abzu.domain.sessions.record import InjectionRecord


@dataclass(frozen=True, slots=True)
class StagedTrace:
    """A candidate a session staged: still staged (`reviewed_in` None) or taken by a review."""

    candidate_id: str
    category: str
    content: str
    reviewed_in: str | None = None


@dataclass(frozen=True, slots=True)
class SessionTrace:
    staged: tuple[StagedTrace, ...] = ()
    injections: tuple[InjectionRecord, ...] = ()  # sizes only: the log never keeps the text


class SessionTraces(Protocol):
    """abzu.db's candidates (staged and archived by reviews) and injection log, by session;
    read-only. A store that cannot be read lists nothing (a page never fails on a trace)."""

    def staged_by(self, session_ids: Sequence[str]) -> Mapping[str, list[StagedTrace]]: ...
    def injections_of(self, session_ids: Sequence[str]) -> Mapping[str, list[InjectionRecord]]: ...
    def sessions_of(self, candidate_ids: Sequence[str]) -> list[str]:
        """The sessions the candidates came from (staged or archived), where one is recorded."""
        ...


class ShownJournals(Protocol):
    """The PreToolUse hook's per-session journals of the memories it showed (kept 7 days)."""

    def sessions_shown(self, memory_id: str) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class TracesOf:
    traces: SessionTraces

    def execute(self, session_ids: Sequence[str]) -> dict[str, SessionTrace]:
        ids = list(dict.fromkeys(session_ids))
        if not ids:
            return {}
        staged, injected = self.traces.staged_by(ids), self.traces.injections_of(ids)
        return {s: SessionTrace(tuple(staged.get(s, ())), tuple(injected.get(s, ()))) for s in ids}


@dataclass(frozen=True, slots=True)
class Recallers:
    """The sessions known to have been shown a memory, and those it was staged in."""

    shown_in: tuple[str, ...] = ()  # PreToolUse showed it there (journals of the last 7 days)
    staged_in: tuple[str, ...] = ()  # the sessions its candidate(s) came from


@dataclass(frozen=True, slots=True)
class RecallersOf:
    """- `shown_in`: sessions whose PreToolUse journal lists the memory.
    - `staged_in`: the sessions of the memory itself (a candidate) or of the candidates it was
      promoted or merged from (`sources`).
    - Nothing records which session a session-start block, `abzu recall` or `enki_recall`
      returned a memory to: the page says so rather than guess."""

    journals: ShownJournals
    traces: SessionTraces

    def execute(self, memory_id: str, sources: Sequence[str] = ()) -> Recallers:
        shown = sorted(set(self.journals.sessions_shown(memory_id.strip())))
        staged = self.traces.sessions_of(list(dict.fromkeys([memory_id, *sources])))
        return Recallers(tuple(shown), tuple(dict.fromkeys(s for s in staged if s)))
