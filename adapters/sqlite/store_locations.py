from pathlib import Path

from abzu.application.ports import StoreFile, StoreLocations


class FileStoreLocations(StoreLocations):
    def __init__(self, wisdom: Path, staging: Path) -> None:
        self._files = (("wisdom", wisdom), ("staging", staging))

    def describe(self) -> tuple[StoreFile, ...]:
        return tuple(StoreFile(name, str(path), _size(path)) for name, path in self._files)


def _size(path: Path) -> int:
    total = 0
    for suffix in ("", "-wal", "-shm"):
        part = path.with_name(path.name + suffix)
        total += part.stat().st_size if part.exists() else 0
    return total
