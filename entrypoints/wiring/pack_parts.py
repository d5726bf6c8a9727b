"""What taking a recall pack runs session start with instead of the hook's journal and project
files: taking a pack is not a session start, so it leaves no trace of one."""

from abzu.application.sessions.ports import ProjectFiles, ProjectState
from abzu.domain.sessions.record import InjectionRecord, SessionEvent


class NoJournal:
    def record_event(self, event: SessionEvent) -> None:
        """Nothing: the pack is not a session."""

    def record_injection(self, record: InjectionRecord) -> None:
        """Nothing: the pack is not an injection."""


class ReadOnlyFiles:
    """`.enki/` read as the session start reads it; `SESSION_ID` left alone."""

    def __init__(self, files: ProjectFiles) -> None:
        self._files = files

    def read(self) -> ProjectState:
        return self._files.read()

    def write_session_id(self, session_id: str) -> bool:
        return False
