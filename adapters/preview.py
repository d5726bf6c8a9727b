"""Stand-ins that make a use case with side effects safe to run for a look only.

The web page (`abzu ui`) shows what the session-start hook would inject now, and taking a recall
pack (finalize, review) runs session start to keep its answers; running the use case as it is
would record an injection in the spool and write `.enki/SESSION_ID`.
"""

from abzu.application.sessions.hook_ports import ProjectFiles, ProjectState, SessionJournal
from abzu.domain.sessions.record import InjectionRecord, SessionEvent


class DiscardingJournal(SessionJournal):
    """Records nothing: a preview is not a session."""

    def record_event(self, event: SessionEvent) -> None:
        return None

    def record_injection(self, record: InjectionRecord) -> None:
        return None


class ReadOnlyProjectFiles(ProjectFiles):
    """Reads `.enki/` like the hook does; never writes the session id."""

    def __init__(self, files: ProjectFiles) -> None:
        self._files = files

    def read(self) -> ProjectState:
        return self._files.read()

    def write_session_id(self, session_id: str) -> bool:
        return False
