"""`abzu import` reads its file several times (check, then each store): each pass is a bar."""

from pathlib import Path

import pytest

from abzu.domain.archive import ArchiveError
from abzu.entrypoints.cli.archive_commands import PROGRESS_LINES, _reader


class Recorded:
    def __init__(self) -> None:
        self.begun: list[tuple[str, int]] = []
        self.advanced = 0

    def begin(self, label: str, total: int) -> None:
        self.begun.append((label, total))

    def advance(self, count: int) -> None:
        self.advanced += count


def test_each_pass_over_the_file_is_a_bar_of_its_size_named_after_the_file(tmp_path: Path) -> None:
    file = tmp_path / "memory.jsonl"
    file.write_text('{"k":1}\n' * (2 * PROGRESS_LINES), encoding="utf-8")
    bar = Recorded()
    lines = _reader(file, bar)
    assert [sum(1 for _ in lines()) for _ in range(2)] == [2 * PROGRESS_LINES] * 2  # every line, each pass
    size = file.stat().st_size
    assert bar.begun == [("memory.jsonl: pass 1", size), ("memory.jsonl: pass 2", size)]
    assert bar.advanced == 2 * size  # the whole file each pass, in steps of PROGRESS_LINES lines


def test_a_file_written_over_between_passes_is_refused_in_one_line(tmp_path: Path) -> None:
    file = tmp_path / "memory.jsonl"
    file.write_text('{"k":1}\n', encoding="utf-8")
    lines = _reader(file, Recorded())
    assert list(lines()) == ['{"k":1}\n']  # checked
    file.write_text('{"k":1}\n{"k":2}\n', encoding="utf-8")  # an export written over it meanwhile
    with pytest.raises(ArchiveError, match="changed while it was being imported; import it again"):
        list(lines())
