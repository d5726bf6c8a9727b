"""Naming projects: one name per repository root, never shared by two different roots."""

import os
from collections.abc import Iterator
from datetime import datetime

from abzu.application.ports import ProjectRegistry, Workspace


def project_for_root(registry: ProjectRegistry, root: str, at: datetime) -> str:
    """The registered name of `root`, registering it on first sight.

    The name is the root's folder name; a second repository with the same folder name gets a
    numeric suffix (`api`, `api-2`), so two checkouts never share memory by accident. A project
    so far known only by name (`--project api`, no root) is adopted by the first root named so.
    """
    match registry.name_for_path(root):
        case str() as known:
            return known
        case _:
            pass
    for name in _names(os.path.basename(os.path.normpath(root)) or "root"):
        if not registry.exists(name):
            registry.register(name, root, at)
            return name
        if registry.claim(name, root):
            return name
    raise AssertionError("unreachable: _names is endless")


def _names(base: str) -> Iterator[str]:
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
    return project_for_root(registry, root, at) if root else None


def known_project(
    registry: ProjectRegistry, root: str | None, requested: str | None
) -> tuple[str | None, bool]:
    """`resolve_project` without writing: the project and whether it is registered already (a
    remember's read phase, before the write gate; an unknown one is registered inside it)."""
    if requested and requested.strip():
        return requested.strip(), registry.exists(requested.strip())
    if not root:
        return None, True
    name = registry.name_for_path(root)
    return name, name is not None


def project_in_view(
    registry: ProjectRegistry, workspace: Workspace, requested: str | None, at: datetime
) -> str | None:
    """Like `resolve_project`, but a read never invents a project: a requested name that is not
    registered is searched as is (it simply has no beads of its own)."""
    if requested and requested.strip():
        return requested.strip()
    return resolve_project(registry, workspace, None, at)
