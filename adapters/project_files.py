"""The project's `.enki/` folder (goal, phase, tier, gates.md, SESSION_ID) and the persona file."""

from pathlib import Path

from abzu.adapters.plain_files import dot_enki, write_session_id
from abzu.application.basic_ports import Workspace
from abzu.application.sessions.hook_ports import PersonaSource, ProjectFiles, ProjectState

MAX_FILE_BYTES = 64 * 1024  # these are notes, not data: a huge file is read in part


def _read(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES)
    except OSError:
        return None
    text = raw.decode("utf-8", errors="replace").replace("\x00", "").strip()
    return text or None


class DotEnkiProjectFiles(ProjectFiles):
    """`.enki/` at the project root. The data home (`~/.enki` by default) is never mistaken
    for it, even when the project root is the home folder."""

    def __init__(self, workspace: Workspace, data_home: Path | str) -> None:
        self._workspace, self._home = workspace, Path(data_home)

    def _folder(self) -> Path | None:
        return dot_enki(self._workspace.root(), self._home)

    def read(self) -> ProjectState:
        folder = self._folder()
        if folder is None:
            return ProjectState()
        return ProjectState(
            goal=_read(folder / "goal"), phase=_read(folder / "phase"),
            tier=_read(folder / "tier"), gates=_read(folder / "gates.md"),
        )

    def write_session_id(self, session_id: str) -> bool:
        folder = self._folder()
        if folder is None:
            return False
        write_session_id(folder, session_id)
        return True


class FilePersona(PersonaSource):
    def __init__(self, path: Path) -> None:
        self._path = path

    def read(self) -> str | None:
        return _read(self._path)

