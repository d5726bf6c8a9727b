"""The blind capture corpus (issue 30, tests/fixtures/capture-corpus): every transcript is read
by Abzu's reader, sits in exactly one half of the split with its repository's other files, has
labels and a licence beside it. A file that breaks one of these would silently drop out of
`abzu eval capture` and move its figures."""

import json
from pathlib import Path

import pytest

from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "capture-corpus"
FILES = sorted(CORPUS.glob("*/*.jsonl"))
SPLIT = json.loads((CORPUS / "split.json").read_text())
LABELS = json.loads((CORPUS / "labels.json").read_text())["transcripts"]


def test_every_transcript_is_in_exactly_one_half_and_labelled() -> None:
    names = [p.name for p in FILES]
    halves = SPLIT["tuning"] + SPLIT["test"]
    assert sorted(halves) == sorted(names)
    assert set(LABELS) == set(names)


def test_a_repository_never_straddles_the_split() -> None:
    half_of = {name: half for half in ("tuning", "test") for name in SPLIT[half]}
    by_repository: dict[str, set[str]] = {}
    for path in FILES:
        by_repository.setdefault(path.parent.name, set()).add(half_of[path.name])
    assert {repo: halves for repo, halves in by_repository.items() if len(halves) > 1} == {}


@pytest.mark.parametrize("path", FILES, ids=[p.name[:16] for p in FILES])
def test_each_transcript_is_read_with_its_licence_beside_it(path: Path) -> None:
    chunk = JsonlTranscriptReader().read(str(path), 0)
    assert chunk.format_recognised and chunk.records
    assert chunk.skipped_corrupt == 0
    assert any(p.name.upper().startswith(("LICENSE", "COPYING")) for p in path.parent.iterdir())
