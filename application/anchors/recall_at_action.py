"""Use case: the memories anchored to the file about to be edited or the command about to run.

At most 3, never one this session has already been shown (the journal remembers), nothing at
all when none is anchored there. Reads only; the record of what was shown is the one write.

Plain classes and no `typing` at run time: the PreToolUse hook runs this before every edit, and
`dataclasses` (with `inspect`) or `typing` alone would cost more than the lookup.
"""

from abzu.domain.anchor_keys import MAX_AT_ACTION_ITEMS, command_keys, file_key

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the hook's path
if TYPE_CHECKING:
    from abzu.application.anchors.ports import AnchoredMemories, ProjectRoot, ShownMemories


class ActionRequest:
    __slots__ = ("command", "cwd", "file_path", "session_id")

    def __init__(self, session_id: str, file_path: str | None = None, command: str | None = None,
                 cwd: str | None = None) -> None:
        self.session_id = session_id
        self.file_path = file_path  # Edit, Write, MultiEdit
        self.command = command  # Bash
        self.cwd = cwd  # the session's folder: a worktree's paths are relative to it


class RecallAtAction:
    __slots__ = ("memories", "shown", "with_candidates", "workspace")

    def __init__(self, memories: "AnchoredMemories", shown: "ShownMemories", workspace: "ProjectRoot",
                 with_candidates: bool = False) -> None:
        self.memories, self.shown, self.workspace = memories, shown, workspace
        self.with_candidates = with_candidates

    def execute(self, request: ActionRequest) -> str | None:
        root = self.workspace.root()
        target = _target(request, root)
        project = self.memories.project_for_root(root) if root and target else None
        if project is None or target is None:
            return None
        kind, keys, label = target
        seen = set(self.shown.shown(request.session_id))
        found = self.memories.anchored(kind, keys, project, limit=MAX_AT_ACTION_ITEMS + len(seen),
                                       with_candidates=self.with_candidates)
        hits = [h for h in found if h.item_id not in seen]
        if not hits:
            return None
        from abzu.domain.anchors_render import at_action  # only when there is something to say

        text, ids = at_action(hits, project, label)
        if ids:
            self.shown.add(request.session_id, ids)
        return text or None


def _target(request: ActionRequest, root: str | None) -> tuple[str, list[str], str] | None:
    """(anchor kind, the keys that would match, the words naming it) or None."""
    if request.file_path and root:
        path = request.file_path
        files = sorted({k for base in (root, request.cwd) if base and (k := file_key(path, base))})
        return ("file", files, f"file {min(files, key=len)}") if files else None
    if request.command:
        prefixes = command_keys(request.command)
        return ("command", prefixes, f"command {prefixes[-1]}") if prefixes else None
    return None
