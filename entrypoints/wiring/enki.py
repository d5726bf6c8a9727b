"""Builds the Enki use cases (migration, project completion, user profile) from the container.

Kept beside the container rather than in it: these commands are rare, and their readers of
foreign files (old Enki store, em.db) are needed by nothing else.
"""

from pathlib import Path
from typing import TYPE_CHECKING

from abzu.adapters.enki.completions import JsonCompletionLog
from abzu.adapters.enki.em_store import SqliteEmReader
from abzu.adapters.enki.old_store import SqliteOldEnkiReader
from abzu.adapters.sqlite.profile_store import SqliteProfileStore
from abzu.application.enki.complete_project import CompleteProject
from abzu.application.enki.migrate_enki import MigrateEnki
from abzu.application.enki.profile import ListProfile, SetProfile

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container


def migrate_enki(c: "Container") -> MigrateEnki:
    return MigrateEnki(SqliteOldEnkiReader(), c.sessions.remember_many(), c.uow(), c.clock())


def set_profile(c: "Container") -> SetProfile:
    return SetProfile(SqliteProfileStore(c.wisdom_store()), c.clock())


def list_profile(c: "Container") -> ListProfile:
    return ListProfile(SqliteProfileStore(c.wisdom_store()))


def complete_project(c: "Container") -> CompleteProject:
    completions = JsonCompletionLog(Path(c.config.completions_path()))
    return CompleteProject(SqliteEmReader(), c.sessions.remember_many(), completions, c.clock())


def default_em_db(c: "Container", project: str) -> Path:
    """Spec §16: ~/.enki/projects/{name}/em.db (the data home stands for ~/.enki)."""
    return Path(c.config.home()) / "projects" / project / "em.db"
