"""Builds the Enki use cases (migration, project completion, user profile) from the container.

Kept beside the container rather than in it: these commands are rare, and their readers of
foreign files (old Enki store, em.db) are needed by nothing else.
"""

from typing import TYPE_CHECKING

from abzu.adapters.enki.old_store import SqliteOldEnkiReader
from abzu.adapters.sqlite.profile_store import SqliteProfileStore
from abzu.application.enki.migrate_enki import MigrateEnki
from abzu.application.enki.profile import ListProfile, SetProfile

if TYPE_CHECKING:
    from abzu.entrypoints.container import Container


def migrate_enki(c: "Container") -> MigrateEnki:
    return MigrateEnki(SqliteOldEnkiReader(), c.remember_many(), c.uow(), c.clock())


def set_profile(c: "Container") -> SetProfile:
    return SetProfile(SqliteProfileStore(c.wisdom_engine()), c.clock())


def list_profile(c: "Container") -> ListProfile:
    return ListProfile(SqliteProfileStore(c.wisdom_engine()))
