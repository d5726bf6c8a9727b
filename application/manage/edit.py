"""Use case: a person corrects one memory: content, summary, category or tags."""

from dataclasses import dataclass, replace

from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from abzu.application.anchors.ports import GitRepo
from abzu.application.manage.errors import (
    DuplicateText,
    MemoryNotFound,
    NothingToEdit,
    StagedPreference,
)
from abzu.application.manage.show import Memory, find_memory
from abzu.application.memory_writer import Draft, prepare
from abzu.application.ports import UnitOfWork, Workspace
from abzu.application.projects import find_project
from abzu.application.remember_io import RememberError, RememberRequest
from abzu.domain.anchors import Anchor, AnchorKind
from abzu.domain.bead import Bead, Candidate, VouchedBy
from abzu.domain.category import Category
from abzu.domain.content import MAX_CONTENT_CHARS

EditError = MemoryNotFound | NothingToEdit | StagedPreference | DuplicateText | RememberError


@dataclass(frozen=True, slots=True)
class Edited:
    """The memory as it is now, and how many stale marks on its file anchors the edit lifted
    (each recorded "fresh again" in the history): the person is told, as maintenance is."""

    memory: Memory
    marks_lifted: int = 0


@dataclass(frozen=True, slots=True)
class EditRequest:
    """None leaves a field as it is; `tags` replaces all tags (an empty tuple clears them)."""

    memory_id: str
    content: str | None = None
    summary: str | None = None
    category: str | None = None
    tags: tuple[str, ...] | None = None

    @property
    def changes_nothing(self) -> bool:
        return (self.content, self.summary, self.category, self.tags) == (None, None, None, None)


@dataclass(frozen=True, slots=True)
class EditMemory:
    """- The edited text passes the rules of `remember`: validated, private spans dropped,
      redacted, hashed; the search index follows the row (FTS triggers).
    - Same text as another memory of the same project: refused, nothing changes.
    - A bead stays a bead and a candidate a candidate; a candidate cannot become a preference.
    - An edited bead is the person's (`vouched_by` person): one the agent wrote is reviewed now.
      Edited by the agent (`by_person` False: its shell tool ran `abzu edit`), the new text is
      the agent's, unreviewed, whoever vouched for the old one.
    - A bead's text rewritten from its own project's repository is observed again at that
      repository's HEAD: its file anchors marked stale (issue 16.3) move to that commit, which
      lifts the marks (and records "fresh again"); maintenance then compares with the new
      commit. The person has read the code as it is now. An edit of the summary, tags or
      category alone, one made elsewhere, or one git cannot place keeps the marks: nothing in it
      says the text was checked against today's code.
    """

    uow: UnitOfWork
    max_chars: int = MAX_CONTENT_CHARS
    workspace: Workspace | None = None  # where the person edits from
    git: GitRepo | None = None
    by_person: bool = True

    def execute(self, request: EditRequest) -> Result[Edited, EditError]:
        if request.changes_nothing:
            return Failure(NothingToEdit())
        seen = self._observed_at() if request.content is not None else None  # git: outside the lock
        with self.uow as uow:
            found = find_memory(uow, request.memory_id.strip())
            if found is None:
                return Failure(MemoryNotFound(request.memory_id.strip()))
            draft = prepare(_merged(found, request), max_chars=self.max_chars)
            if not is_successful(draft):
                return Failure(draft.failure())
            return self._apply(uow, found, draft.unwrap(), seen)

    def _observed_at(self) -> tuple[str, str, str | None] | None:
        """(root, HEAD, remote) of the repository the person edits from, when git can tell."""
        root = self.workspace.root() if self.workspace is not None else None
        head = self.git.head(root) if self.git is not None and root is not None else None
        if self.workspace is None or root is None or head is None:
            return None
        return root, head, self.workspace.remote(root)

    def _apply(self, uow: UnitOfWork, old: Memory, draft: Draft,
               seen: tuple[str, str, str | None] | None) -> Result[Edited, EditError]:
        if isinstance(old, Candidate) and draft.category is Category.PREFERENCE:
            return Failure(StagedPreference(old.id))
        clash = _same_text_elsewhere(uow, old, draft.hash)
        if clash is not None:
            return Failure(DuplicateText(old.id, clash))
        new = replace(old, content=draft.content, summary=draft.summary, category=draft.category,
                      tags=draft.tags, content_hash=draft.hash)
        lifted = 0
        if isinstance(new, Bead):
            # whoever wrote this version answers for it: a person's is reviewed, the agent's is not
            new = new.confirmed() if self.by_person else replace(new, vouched_by=VouchedBy.AGENT)
            uow.beads.update(new)
            if seen is not None and new.content != old.content:
                lifted = _observed_again(uow, new, *seen)
        else:
            uow.candidates.update(new)
        uow.commit()
        return Success(Edited(new, lifted))


def _observed_again(uow: UnitOfWork, bead: Bead, root: str, head: str, remote: str | None) -> int:
    """The bead's file anchors given again at `head`: the store moves the marked ones there and
    lifts their marks, and leaves the others at the commit they were observed at (anchor_rows.py).
    Returns how many marks were lifted: the anchors that moved, since only a marked one moves."""
    if bead.project is None or find_project(uow.projects, root, remote) != bead.project:
        return 0
    before = _file_commits(uow, bead.id)
    uow.bead_anchors.attach(bead.id, [Anchor(AnchorKind.FILE, path) for path in before], head)
    after = _file_commits(uow, bead.id)
    return sum(1 for path, commit in before.items() if after.get(path) != commit)


def _file_commits(uow: UnitOfWork, bead_id: str) -> dict[str, str | None]:
    return {a.value: a.commit for a in uow.bead_anchors.of(bead_id) if a.kind is AnchorKind.FILE}


def _merged(old: Memory, request: EditRequest) -> RememberRequest:
    return RememberRequest(
        content=old.content if request.content is None else request.content,
        category=old.category.value if request.category is None else request.category,
        summary=old.summary if request.summary is None else request.summary,
        tags=old.tags if request.tags is None else request.tags,
    )


def _same_text_elsewhere(uow: UnitOfWork, old: Memory, text_hash: str) -> str | None:
    for store in (uow.beads, uow.candidates):
        other = store.find_by_hash(text_hash, old.project)
        if other is not None and other.id != old.id:
            return other.id
    return None
