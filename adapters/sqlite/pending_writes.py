"""Memories that could not land in a busy store wait in `<home>/spool/remember/`, redacted.

Each is one small JSON file (created 0600, written then renamed, like the hook journal). The
next remember that succeeds stores them; a file is deleted only once its memory is stored or
refused for good (empty after redaction), so nothing is dropped.
"""

import os
import time
from pathlib import Path

from abzu.adapters.private_files import open_private, private_folder
from abzu.application.remember_io import RememberRequest
from abzu.domain.bead import CandidateSource, VouchedBy

SUFFIX = ".json"


class PendingRemembers:
    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def keep(self, request: RememberRequest, root: str | None) -> Path:
        # Imported here: the redaction rules cost ~40 ms to import and only a busy store's
        # remember gets this far (recall and star wire this class too).
        from abzu.domain.redaction import drop_private, redact

        fields = {name: getattr(request, name) for name in request.__match_args__}
        body = fields | {"tags": list(request.tags), "root": root}
        body["content"] = redact(drop_private(request.content)[0]).text
        body["summary"] = redact(request.summary).text if request.summary else None
        body["tags"] = [redact(t).text for t in request.tags]
        import json  # here: only a busy store's remember writes one (and only one waiting reads)

        folder = private_folder(self._folder)
        name = f"{time.time_ns():020d}-{os.getpid()}"
        temporary = folder / f".{name}.tmp"
        with open_private(temporary) as handle:
            handle.write(json.dumps(body, ensure_ascii=False))
            handle.flush()
            os.fsync(handle.fileno())
        final = folder / f"{name}{SUFFIX}"
        os.replace(temporary, final)
        return final

    def waiting(self) -> list[tuple[Path, RememberRequest, str | None]]:
        if not self._folder.is_dir():
            return []
        import json

        found = []
        for path in sorted(self._folder.glob(f"*{SUFFIX}")):
            try:
                body = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # being written or taken by another process; looked at next time
            root = body.pop("root", None)
            body["source"] = CandidateSource(body["source"])
            # a file kept before issue 29 names nobody: the agent's, as any unknown writer
            body["vouched_by"] = VouchedBy(body.get("vouched_by", VouchedBy.AGENT))
            body["tags"] = tuple(body["tags"])
            found.append((path, RememberRequest(**body), root))
        return found

    @staticmethod
    def done(path: Path) -> None:
        path.unlink(missing_ok=True)
