"""`completions.json` in the data home: completed projects and the fate of their em.db.

A small file rather than a table: it is written once per completed project and read by the
maintenance pass; an atomic replace keeps it whole.
"""

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from abzu.domain.enki.em import Completion


class JsonCompletionLog:
    def __init__(self, path: Path) -> None:
        self._path = path

    def get(self, project: str) -> Completion | None:
        return next((c for c in self.all() if c.project == project), None)

    def all(self) -> list[Completion]:
        try:
            raw = json.loads(self._path.read_text(encoding="utf-8") or "{}")
        except FileNotFoundError:
            return []
        return [_completion(name, item) for name, item in sorted(raw.items())]

    def put(self, completion: Completion) -> None:
        data = {c.project: _plain(c) for c in self.all()}
        data[completion.project] = _plain(completion)
        self._path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self._path.with_name(f".{self._path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, self._path)


def _plain(c: Completion) -> dict[str, Any]:
    return {"em_db": c.em_db, "completed_at": c.completed_at.isoformat(), "keep": c.keep,
            "deleted_at": c.deleted_at.isoformat() if c.deleted_at else None}


def _completion(name: str, item: dict[str, Any]) -> Completion:
    deleted = item.get("deleted_at")
    return Completion(name, str(item["em_db"]), datetime.fromisoformat(item["completed_at"]),
                      bool(item.get("keep")), datetime.fromisoformat(deleted) if deleted else None)


class OsEmFiles:
    def exists(self, path: str) -> bool:
        return Path(path).is_file()

    def remove(self, path: str) -> bool:
        existed = Path(path).is_file()
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(path + suffix).unlink(missing_ok=True)
        return existed
