"""Claude Code's JSON configuration files, rewritten safely: a timestamped backup of the previous
version, an atomic replace (never half a file), the previous permissions kept."""

import json
import os
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any


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
    return backup


def _backup(path: Path, now: datetime) -> Path:
    stem = f"{path.name}.abzu-backup-{now:%Y%m%d-%H%M%S}"
    target, n = path.with_name(stem), 2
    while target.exists():
        target, n = path.with_name(f"{stem}-{n}"), n + 1
    shutil.copy2(path, target)
    return target
