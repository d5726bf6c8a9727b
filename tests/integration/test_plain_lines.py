"""The reader's plain path (line_parse.py, block reads) gives exactly what the pydantic model
gave for every line: same records, skips, counts and offsets (issue 13, ingest ≤ 6 s).

The reference is the same reader with `plain_line` switched off, so that every line goes
through `TranscriptLine.model_validate_json` as it did before the plain path existed."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from abzu.adapters.jsonl import transcript_reader
from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
from abzu.domain.extraction.heuristics import digest
from abzu.domain.extraction.transcript import TranscriptChunk
from tests.transcript_lines import assistant, call, jsonl, result, text, user

REAL = sorted(Path("/work/shared/fixtures/claude-jsonl").glob("*/*.jsonl"))
SYNTHETIC = sorted(Path(__file__).parents[1].joinpath("fixtures", "synthetic-jsonl").glob("*.jsonl"))


def _read(path: Path, *, model_only: bool, monkeypatch: pytest.MonkeyPatch) -> TranscriptChunk:
    with monkeypatch.context() as patch:
        if model_only:
            patch.setattr(transcript_reader, "plain_line", lambda _raw: None)
        return JsonlTranscriptReader().read(str(path), 0)


@pytest.mark.parametrize("path", REAL + SYNTHETIC, ids=[p.name[:16] for p in REAL + SYNTHETIC])
def test_every_fixture_gives_the_same_records_and_candidates_as_the_model(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = _read(path, model_only=False, monkeypatch=monkeypatch)
    model = _read(path, model_only=True, monkeypatch=monkeypatch)
    assert plain == model
    assert digest(plain.records).candidate_drafts() == digest(model.records).candidate_drafts()


# Lines the model coerces, rejects or reads as something else, beside ordinary ones.
_ODD_LINES = [
    b'{"type":"user","uuid":"u1","isSidechain":"true","message":{"role":"user","content":"coerced"}}',
    b'{"type":"user","uuid":"u2","isMeta":1,"message":{"role":"user","content":"one as a flag"}}',
    b'{"type":"user","uuid":"u2b","isMeta":"no","message":{"role":"user","content":"kept: not meta"}}',
    b'{"type":"user","uuid":"u2c","isSidechain":"false","message":{"role":"user","content":"main thread"}}',
    b'{"type":"user","uuid":"u3","message":{"role":"user","content":null}}',
    b'{"type":"user","uuid":"u4","message":{"role":"user"}}',
    b'{"type":"user","uuid":"u5","message":5}',
    b'{"type":"assistant","uuid":"u6","message":{"content":[{"text":"no block type"}]}}',
    b'{"type":"assistant","uuid":"u7","message":{"content":[{"type":"text","text":7}]}}',
    b'{"type":"assistant","uuid":"u8","message":{"content":[{"type":"tool_use","id":"t","input":[1]}]}}',
    b'{"type":"user","uuid":"u9","message":{"content":[{"type":"tool_result","tool_use_id":"t",'
    b'"is_error":"yes","content":"x"}]}}',
    b'{"type":"user","uuid":"u10","toolUseResult":{"filePath":3},"message":{"content":"p"}}',
    b'{"type":"user","uuid":"u11","toolUseResult":7,"message":{"content":"p"}}',
    b'{"type":"user","uuid":"u12","timestamp":12,"message":{"content":"number as a time"}}',
    b'{"type":7,"uuid":"u13"}',
    b'{"type":"progress","data":' + b"[" * 300 + b"]" * 300 + b"}",
    b'{"type":"user","uuid":"u14","message":{"content":"lone \\ud800 surrogate"}}',
    b'{"type":"user","uuid":"u15","extra":NaN,"message":{"content":"not a number beside"}}',
    b'{"type":"user","uuid":"u16","message":{"content":"trunc',
    b'\xff\xfe{"type":"user"}',
    b'["a", "list"]',
    b'"a string"',
    b"",
    b'{"type":"summary","summary":"s","leafUuid":"x"}',
    b'{"type":"user","type":"assistant","uuid":"u17","message":{"content":[{"type":"text","text":"twice"}]}}',
]
_ORDINARY = [jsonl(line).rstrip(b"\n") for line in (
    user("please fix the parser"), assistant(text("I'll use a dict instead of a list.")),
    call("b1", "Bash", command="pytest -q"), result("b1", "Traceback\nKeyError: 'k'", is_error=True),
    result("w1", "written", tool_use_result={"filePath": "/src/a.py"}),
)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.sampled_from(_ODD_LINES + _ORDINARY), min_size=1, max_size=14))
def test_odd_lines_are_judged_and_counted_as_the_model_judges_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: list[bytes]
) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    assert _read(path, model_only=False, monkeypatch=monkeypatch) == _read(
        path, model_only=True, monkeypatch=monkeypatch)


def _spec_lines(data: bytes, limit: int) -> list[tuple[bytes | None, int]]:
    """What `_complete_lines` promises: each terminated line, None past `limit` bytes, no tail."""
    pieces = data.split(b"\n")[:-1]
    return [(p + b"\n" if len(p) + 1 <= limit + 1 else None, len(p) + 1) for p in pieces]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.lists(st.sampled_from([b"a", b"bc", b"\n", b"defghij"]), max_size=60).map(b"".join),
       block=st.integers(1, 9), limit=st.integers(1, 12))
def test_lines_split_from_blocks_are_the_lines_of_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, block: int, limit: int
) -> None:
    path = tmp_path / "lines.bin"
    path.write_bytes(data)
    monkeypatch.setattr(transcript_reader, "READ_BLOCK", block)
    with path.open("rb") as handle:
        got = list(transcript_reader._complete_lines(handle, limit))
    assert got == _spec_lines(data, limit)


def test_a_long_line_spanning_many_blocks_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long_reply = "word " * 5_000
    path = tmp_path / "t.jsonl"
    path.write_bytes(jsonl(user("short"), assistant(text(long_reply)), user("after")))
    monkeypatch.setattr(transcript_reader, "READ_BLOCK", 1024)
    chunk = JsonlTranscriptReader().read(str(path), 0)
    assert [len(r.text) > 1_000 for r in chunk.records] == [False, True, False]
    assert chunk.end_offset == path.stat().st_size
