"""A project's name from its root, read-only: the statements `project_lookups.ProjectLookups`
runs, and their order for the hooks' plain readers. Standard library only, no `typing`: the
PreToolUse hook reads it before every edit (tests/e2e/test_pre_tool_use_path.py)."""

from collections.abc import Callable, Mapping

BY_PATH = "SELECT name FROM projects WHERE path = :path"
BY_REMOTE = "SELECT name FROM projects WHERE remote = :remote"
# One statement's first column (None without a row): what the hooks' plain readers offer.
FirstColumn = Callable[[str, Mapping[str, object]], object]


def name_for_root(first: FirstColumn, root: str, remote_of: Callable[[str], str | None]) -> str | None:
    """A project by its root, else by the repository's remote (a second clone, another machine:
    issue 29), read only when the root is not registered itself: `known_project`'s order, for
    the hooks' readers, which hold a plain connection rather than the lookups' `Queries`."""
    name = first(BY_PATH, {"path": root})
    if name is None and (remote := remote_of(root)):
        name = first(BY_REMOTE, {"remote": remote})
    return str(name) if name else None
