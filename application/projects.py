"""Naming projects: one name per repository root, never shared by two different roots."""

import os
from datetime import datetime

from returns.maybe import Some

from abzu.application.ports import ProjectRegistry, Workspace


def project_for_root(registry: ProjectRegistry, root: str, at: datetime) -> str:
    """The registered name of `root`, registering it on first sight.

    The name is the root's folder name; a second repository with the same folder name gets a
    numeric suffix (`api`, `api-2`), so two checkouts never share memory by accident.
    """
    match registry.name_for_path(root):
        case Some(str() as known):
            return known
        case _:
            pass
    base = os.path.basename(os.path.normpath(root)) or "root"
    name, n = base, 2
    while registry.exists(name):
        name, n = f"{base}-{n}", n + 1
    registry.register(name, root, at)
    return name


def ensure_named(registry: ProjectRegistry, name: str, at: datetime) -> str:
    """A project asked for by name (not by path) exists from then on, with no known root."""
    if not registry.exists(name):
        registry.register(name, None, at)
    return name


def resolve_project(
    registry: ProjectRegistry, workspace: Workspace, requested: str | None, at: datetime
) -> str | None:
    """The explicitly requested project, else the workspace's; None only without either."""
    if requested:
        return ensure_named(registry, requested.strip(), at)
    root = workspace.root()
    return project_for_root(registry, root, at) if root else None
