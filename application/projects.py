"""Naming projects: one name per repository, never shared by two different repositories.

A repository is known by its remote (the normalised URL, issue 29) wherever it is checked out,
and by its root on this machine; without a remote, by its root alone.
"""

import os
from collections.abc import Iterator
from datetime import datetime

from abzu.application.ports import ProjectRegistry, Workspace


def project_for_root(registry: ProjectRegistry, root: str, at: datetime, remote: str | None = None) -> str:
    """The registered name of `root`, registering it on first sight.

    - A root registered already keeps its name (and records its remote if its project has none).
    - A root whose repository's `remote` a project holds is that project: a second clone, or
      the same repository on another machine after `abzu import`, shares its memory (and the
      root becomes the project's if it has none yet).
    - Otherwise the name is the root's folder name; a second repository with the same folder
      name gets a numeric suffix (`api`, `api-2`), so two repositories never share memory by
      accident. A project so far known only by name (`--project api`, or imported from another
      machine) is adopted by the first root named so, unless it is known by another remote.
    """
    if (by_path := registry.name_for_path(root)) is not None:
        if remote is not None:
            registry.add_remote(by_path, remote)
        return by_path
    if remote is not None and (by_remote := registry.name_for_remote(remote)) is not None:
        registry.claim(by_remote, root, remote)
        return by_remote
    for name in free_names(folder_name(root)):
        if not registry.exists(name):
            registry.register(name, root, at, remote)
            return name
        if registry.claim(name, root, remote):
            return name
    raise AssertionError("unreachable: free_names is endless")


def find_project(registry: ProjectRegistry, root: str, remote: str | None) -> str | None:
    """The project of `root` if one is registered: by its root first, then by its remote."""
    return registry.name_for_path(root) or (registry.name_for_remote(remote) if remote else None)


def folder_name(root: str) -> str:
    return os.path.basename(os.path.normpath(root)) or "root"


def free_names(base: str) -> Iterator[str]:
    """`base`, `base-2`, `base-3`, …: the names a project called `base` may take, in order."""
    yield base
    n = 2
    while True:
        yield f"{base}-{n}"
        n += 1


def ensure_named(registry: ProjectRegistry, name: str, at: datetime) -> str:
    """A project asked for by name (not by path) exists from then on, with no known root."""
    if not registry.exists(name):
        registry.register(name, None, at)
    return name


def resolve_project(
    registry: ProjectRegistry, workspace: Workspace, requested: str | None, at: datetime
) -> str | None:
    """The explicitly requested project, else the workspace's; None only without either."""
    if requested and requested.strip():
        return ensure_named(registry, requested.strip(), at)
    root = workspace.root()
    return project_for_root(registry, root, at, workspace.remote(root)) if root else None


def known_project(
    registry: ProjectRegistry, workspace: Workspace, root: str | None, requested: str | None
) -> tuple[str | None, bool]:
    """`resolve_project` without writing: the project and whether it is registered already (a
    remember's read phase, before the write gate; an unknown one is registered inside it)."""
    if requested and requested.strip():
        return requested.strip(), registry.exists(requested.strip())
    if not root:
        return None, True
    # the remote is read only for a root not registered itself (a second clone, another machine)
    name = registry.name_for_path(root)
    if name is None and (remote := workspace.remote(root)):
        name = registry.name_for_remote(remote)
    return name, name is not None


def project_in_view(
    registry: ProjectRegistry, workspace: Workspace, requested: str | None, at: datetime
) -> str | None:
    """Like `resolve_project`, but a read never invents a project: a requested name that is not
    registered is searched as is (it simply has no beads of its own)."""
    if requested and requested.strip():
        return requested.strip()
    return resolve_project(registry, workspace, None, at)
