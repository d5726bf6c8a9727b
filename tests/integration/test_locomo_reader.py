import json
from pathlib import Path

import pytest
from returns.pipeline import is_successful

from abzu.adapters.locomo.reader import JsonLocomoReader
from abzu.application.evaluation.errors import DatasetUnreadable
from abzu.domain.evaluation.dataset import Turn
from tests.locomo_tiny import write_tiny_locomo


def _failure(path: Path) -> str:
    result = JsonLocomoReader().read(str(path))
    assert not is_successful(result)
    error = result.failure()
    assert isinstance(error, DatasetUnreadable)
    return error.message


def test_reads_sessions_in_order_with_their_dates_and_photo_captions(tmp_path: Path) -> None:
    dataset = JsonLocomoReader().read(str(write_tiny_locomo(tmp_path / "tiny.json"))).unwrap()

    first = dataset.samples[0]
    assert [s.sample_id for s in dataset.samples] == ["conv-a", "conv-b"]
    adopted = "I finally adopted a greyhound called Pixel from the shelter."
    assert first.turns[0] == Turn("D1:1", 1, "Ana", adopted, "1:00 pm on 3 March, 2023")
    assert first.turns[3].caption == "a cello leaning on a chair in a music room"
    assert [t.session for t in first.turns] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    assert first.questions[2].evidence == ("D1:4; D3:3",)
    assert [(len(s.turns), len(s.questions)) for s in dataset.samples] == [(11, 8), (5, 2)]


def test_sessions_are_ordered_by_number_not_by_key_text(tmp_path: Path) -> None:
    conversation = {f"session_{n}": [{"speaker": "A", "dia_id": f"D{n}:1", "text": f"turn {n}"}]
                    for n in (10, 2, 1)}
    (tmp_path / "s.json").write_text(json.dumps([{"sample_id": 7, "conversation": conversation, "qa": []}]))

    sample = JsonLocomoReader().read(str(tmp_path / "s.json")).unwrap().samples[0]

    assert sample.sample_id == "7"
    assert [t.dia_id for t in sample.turns] == ["D1:1", "D2:1", "D10:1"]


def test_a_missing_file_is_one_clear_line(tmp_path: Path) -> None:
    assert _failure(tmp_path / "nope.json") == f"cannot evaluate on {tmp_path / 'nope.json'}: no such file"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert "folder" in _failure(tmp_path)


def test_broken_json_says_where(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('[{"sample_id": "x",\n  "qa": [}]')

    assert "not valid JSON" in _failure(tmp_path / "bad.json")
    assert "line 2" in _failure(tmp_path / "bad.json")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("42", "expected a JSON list of LoCoMo samples, found int"),
        ("[]", "the file holds no samples"),
        ('[{"qa": []}]', "sample 1: conversation: Field required"),
        ('[{"sample_id": "s", "conversation": {}}]', "sample s has no turns"),
        ('[{"sample_id": "s", "conversation": {"session_1": [{"speaker": "A"}]}}]',
         "sample s: conversation.session_1.0: dia_id: Field required"),
        ('[{"sample_id": "s", "conversation": {"session_1": []}, "qa": [{"question": "q"}]}]',
         "sample 1: qa.0.category: Field required"),
    ],
)
def test_a_wrong_shape_names_the_sample_and_the_field(tmp_path: Path, content: str, expected: str) -> None:
    (tmp_path / "x.json").write_text(content)

    assert expected in _failure(tmp_path / "x.json")
