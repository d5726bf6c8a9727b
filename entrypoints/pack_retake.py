"""Re-taking a stale rendered recall pack off the hook's critical path (issue 13).

Finalisation and review take the pack; any write since (a remember, a star, an edit, a review
elsewhere) and the next UTC day make it stale, and every session start until the next
finalisation then runs the live path. Every start launches `abzu recover` detached; when it
has nothing to recover it used to exit at once (entrypoints/nothing_to_do.py), leaving the pack
stale. Now it looks at the pack first (one JSON read, two read-only mark queries: a few ms) and
re-takes it only when it is stale, so the next start reads it again.

One re-take at a time per project: a lock file made with O_EXCL; a process that finds it taken
leaves the work to its holder instead of waiting (many sessions starting at once). A lock left
by a re-take that died is taken over once it is older than LOCK_STALE_S. A write landing while
the pack is being taken makes `write_pack` refuse it (its marks moved), never a mixed pack.
"""

import os
import time
from pathlib import Path

from abzu.entrypoints.data_home import DataHome

LOCK_STALE_S = 120.0  # a re-take takes well under a second; older means its process died


def retake_if_stale(home: DataHome, cwd: Path, *, now: float | None = None) -> str:
    """'fresh', 'no project', 'no stores', 'busy' (another process re-takes it), 'taken' or 'refused' (a
    write landed meanwhile, or the stores cannot be read: the next start runs live)."""
    from abzu.adapters.workspace import GitWorkspace

    root = GitWorkspace(cwd).root()
    if not root:
        return "no project"
    if not (home.wisdom.is_file() and home.staging.is_file()):
        return "no stores"  # nothing remembered yet: no pack to take, and no light imports for it
    if pack_is_fresh(home, root, time.time() if now is None else now):
        return "fresh"
    lock = _lock(_lock_path(home, root))
    if lock is None:
        return "busy"
    try:
        from abzu.entrypoints.wiring.light import LightUseCases

        return "taken" if LightUseCases.for_hook(home, cwd).write_pack() else "refused"
    finally:
        lock.unlink(missing_ok=True)


def pack_is_fresh(home: DataHome, root: str, now: float) -> bool:
    """What the SessionStart hook's fast path checks (hooks/fast_start.py), bar the payload."""
    from abzu.adapters import rendered_pack
    from abzu.entrypoints.hooks.fast_start import block_path

    found = rendered_pack.load(block_path(home, root), home=home.root, root=root, environ=os.environ,
                               config=home.config_file(os.environ), now=now)
    return found is not None


def _lock_path(home: DataHome, root: str) -> Path:
    return home.pack_for(root).with_suffix(".retaking")


def _lock(path: Path) -> Path | None:
    """The lock, made; None when another live re-take holds it."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    for _ in range(2):
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            if not _abandoned(path):
                return None
            path.unlink(missing_ok=True)  # two takers racing here at worst both re-take: harmless
            continue
        with os.fdopen(descriptor, "w") as out:
            out.write(str(os.getpid()))
        return path
    return None


def _abandoned(path: Path) -> bool:
    try:
        return time.time() - path.stat().st_mtime > LOCK_STALE_S
    except OSError:
        return True  # gone meanwhile: try again
