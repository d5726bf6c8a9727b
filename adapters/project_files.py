"""The project's `.enki/` folder (goal, phase, tier, gates.md, SESSION_ID) and the persona file.
Files are named as strings (no pathlib on a session start's path); a Path is taken as well."""

import os

from abzu.adapters.plain_files import dot_enki, write_session_id
from abzu.application.basic_ports import Workspace
from abzu.application.sessions.hook_ports import PersonaSource, ProjectFiles, ProjectState

MAX_FILE_BYTES = 64 * 1024  # these are notes, not data: a huge file is read in part


def _read(path: "str | os.PathLike[str]") -> str | None:
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES)
    except OSError:
        return None
    text = raw.decode("utf-8", errors="replace").replace("\x00", "").strip()
    return text or None


class DotEnkiProjectFiles(ProjectFiles):
    """`.enki/` at the project root. The data home (`~/.enki` by default) is never mistaken
    for it, even when the project root is the home folder."""

    def __init__(self, workspace: Workspace, data_home: "str | os.PathLike[str]") -> None:
        self._workspace, self._home = workspace, os.fspath(data_home)

    def _folder(self) -> str | None:
        return dot_enki(self._workspace.root(), self._home)

    def read(self) -> ProjectState:
        folder = self._folder()
        if folder is None:
            return ProjectState()
        return ProjectState(
            goal=_read(os.path.join(folder, "goal")), phase=_read(os.path.join(folder, "phase")),
            tier=_read(os.path.join(folder, "tier")), gates=_read(os.path.join(folder, "gates.md")),
        )

    def write_session_id(self, session_id: str) -> bool:
        folder = self._folder()
        if folder is None:
            return False
        write_session_id(folder, session_id)
        return True


class FilePersona(PersonaSource):
    def __init__(self, path: "str | os.PathLike[str]") -> None:
        self._path = path

    def read(self) -> str | None:
        return _read(self._path)

