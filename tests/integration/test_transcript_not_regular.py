"""Issue 20.7: only regular files are read as transcripts; a device or a FIFO never hangs."""

import os
from pathlib import Path

import pytest

from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
from abzu.adapters.transcript_files import OsTranscriptFiles
from abzu.application.extraction.ports import TranscriptUnreadable


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "t.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(TranscriptUnreadable, match="not a regular file"):
        JsonlTranscriptReader().read(str(fifo), 0)
    assert OsTranscriptFiles().size(str(fifo)) is None


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused_and_has_no_size() -> None:
    with pytest.raises(TranscriptUnreadable, match="not a regular file"):
        JsonlTranscriptReader().read("/dev/zero", 0)
    assert OsTranscriptFiles().size("/dev/zero") is None


def test_a_regular_transcript_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"type": "user", "uuid": "u1", "message": {"role": "user", "content": "hi"}}\n')
    assert OsTranscriptFiles().size(str(path)) == path.stat().st_size
    assert JsonlTranscriptReader().read(str(path), 0).end_offset == path.stat().st_size
