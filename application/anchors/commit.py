"""Anchors written with a remembered memory (issue 16): shared by `Remember` and `RememberMany`."""

from abzu.application.ports import UnitOfWork
from abzu.application.remember_io import Destination, Remembered, RememberRequest
from abzu.domain.anchors import anchors_for


def anchored(uow: UnitOfWork, stored: Remembered, request: RememberRequest, root: str | None,
             commit: str | None) -> None:
    """Anchors go on the memory stored, or on the one a duplicate was skipped for; `commit` is
    the repository's HEAD when the memory was observed (file anchors only)."""
    if root is None or not (request.files or request.commands):
        return
    rows = uow.bead_anchors if stored.destination is Destination.WISDOM else uow.candidate_anchors
    rows.attach(stored.id, anchors_for(tuple(request.files), tuple(request.commands), root), commit)
