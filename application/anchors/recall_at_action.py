"""Use case: the memories anchored to the file about to be edited or the command about to run.

At most 3, never one this session has already been shown (the journal remembers), nothing at
all when none is anchored there. Reads only; the record of what was shown is the one write.
"""

from dataclasses import dataclass

from abzu.application.anchors.ports import AnchoredMemories, ProjectRoot, ShownMemories
from abzu.domain.anchors import MAX_AT_ACTION_ITEMS, AnchorKind, command_keys, file_key


@dataclass(frozen=True, slots=True)
class ActionRequest:
    session_id: str
    file_path: str | None = None  # Edit, Write, MultiEdit
    command: str | None = None  # Bash
    cwd: str | None = None  # the session's folder: a worktree's paths are relative to it


@dataclass(frozen=True, slots=True)
class RecallAtAction:
    memories: AnchoredMemories
    shown: ShownMemories
    workspace: ProjectRoot
    with_candidates: bool = False

    def execute(self, request: ActionRequest) -> str | None:
        root = self.workspace.root()
        project = self.memories.project_for_root(root) if root else None
        target = _target(request, root)
        if project is None or target is None:
            return None
        kind, keys, label = target
        seen = set(self.shown.shown(request.session_id))
        hits = [h for h in self.memories.anchored(kind, keys, project, limit=MAX_AT_ACTION_ITEMS + len(seen),
                                                  with_candidates=self.with_candidates)
                if h.item_id not in seen]
        if not hits:
            return None
        from abzu.domain.anchors_render import at_action  # only when there is something to say

        text, ids = at_action(hits, project, label)
        if not ids:
            return None
        self.shown.add(request.session_id, ids)
        return text


def _target(request: ActionRequest, root: str | None) -> tuple[AnchorKind, list[str], str] | None:
    if request.file_path and root:
        path = request.file_path
        files = sorted({k for base in (root, request.cwd) if base and (k := file_key(path, base))})
        return (AnchorKind.FILE, files, f"file {min(files, key=len)}") if files else None
    if request.command:
        prefixes = command_keys(request.command)
        return (AnchorKind.COMMAND, prefixes, f"command {prefixes[-1]}") if prefixes else None
    return None
