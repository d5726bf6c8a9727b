"""Claude Code's JSON configuration files, rewritten safely: a timestamped backup of the previous
version, an atomic replace (never half a file), the previous permissions kept."""

import json
import os
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

KEPT_BACKUPS = 3  # one backup per write, never pruned, filled ~/.claude over time


class ConfigFileError(Exception):
    """The file cannot be used as it is; the message is one line a user can act on."""


def read_json(path: Path) -> dict[str, Any]:
    """{} for a missing or empty file; a ConfigFileError for anything that is not a JSON object."""
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigFileError(f"cannot read {path}: {exc.strerror}") from exc
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ConfigFileError(f"{path} is not valid JSON (line {exc.lineno}): fix it first") from exc
    if not isinstance(data, dict):
        raise ConfigFileError(f"{path} does not hold a JSON object: fix it first")
    return data


def write_json(path: Path, data: dict[str, Any], *, now: datetime) -> Path | None:
    """Writes `data`; returns the backup of the previous file (None when there was none)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    backup = _backup(path, now) if path.exists() else None
    temporary = path.with_name(f".{path.name}.abzu-{os.getpid()}.tmp")
    temporary.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if backup is not None:
        shutil.copymode(backup, temporary)
    os.replace(temporary, path)
    if backup is not None:
        _prune_backups(path)
    return backup


def _backup(path: Path, now: datetime) -> Path:
    """`<name>.abzu-backup-<time>`, then `-2`, `-3`… within one second: after the newest counter,
    never in a gap left by pruning, so names keep their order."""
    stem = f"{path.name}.abzu-backup-{now:%Y%m%d-%H%M%S}"
    taken = [_backup_order(b)[1] for b in path.parent.glob(f"{stem}*")]
    target = path.with_name(f"{stem}-{max(taken) + 1}" if taken else stem)
    shutil.copy2(path, target)
    return target


def _prune_backups(path: Path) -> None:
    """Keep the newest KEPT_BACKUPS of `path`'s backups (names carry the time, then `-2`, `-3`…)."""
    backups = sorted(path.parent.glob(f"{path.name}.abzu-backup-*"), key=_backup_order)
    for old in backups[:-KEPT_BACKUPS]:
        old.unlink(missing_ok=True)


def _backup_order(backup: Path) -> tuple[str, int]:
    stamp = backup.name.rsplit(".abzu-backup-", 1)[1]  # 20261123-151500 or 20261123-151500-2
    day, clock, *n = stamp.split("-")
    return f"{day}-{clock}", int(n[0]) if n and n[0].isdigit() else 1
