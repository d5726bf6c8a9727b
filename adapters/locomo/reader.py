import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from returns.result import Failure, Result, Success

from abzu.adapters.locomo.models import LocomoSample, LocomoTurn
from abzu.application.evaluation.errors import DatasetUnreadable
from abzu.application.evaluation.ports import DatasetReader
from abzu.domain.evaluation.dataset import Dataset, Question, Sample, Turn
from abzu.domain.evaluation.evidence import canonical_dia_id

M = TypeVar("M", bound=BaseModel)


class _Malformed(Exception):
    pass


class JsonLocomoReader(DatasetReader):
    """Reads a LoCoMo-format JSON file: a list of samples (a single sample object is accepted)."""

    def read(self, path: str) -> Result[Dataset, DatasetUnreadable]:
        try:
            return Success(_dataset(_load(Path(path))))
        except _Malformed as exc:
            return Failure(DatasetUnreadable(path, str(exc)))


def _load(path: Path) -> Any:
    try:
        return json.loads(path.read_bytes())
    except FileNotFoundError:
        raise _Malformed("no such file") from None
    except IsADirectoryError:
        raise _Malformed("it is a folder, not a LoCoMo JSON file") from None
    except OSError as exc:
        raise _Malformed(f"cannot read it ({exc.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _Malformed(f"not valid JSON ({exc})") from None


def _dataset(raw: Any) -> Dataset:
    items = [raw] if isinstance(raw, dict) else raw
    if not isinstance(items, list):
        raise _Malformed(f"expected a JSON list of LoCoMo samples, found {type(raw).__name__}")
    if not items:
        raise _Malformed("the file holds no samples")
    return Dataset(tuple(_sample(i, item) for i, item in enumerate(items, start=1)))


def _sample(position: int, raw: Any) -> Sample:
    parsed = _valid(LocomoSample, raw, f"sample {position}")
    sample_id = str(parsed.sample_id) if parsed.sample_id not in (None, "") else f"sample-{position}"
    turns = tuple(
        _turn(_valid(LocomoTurn, item, f"sample {sample_id}: conversation.session_{number}.{i}"),
              number, date)
        for number, date, session in parsed.sessions()
        for i, item in enumerate(session)
    )
    if not turns:
        raise _Malformed(f"sample {sample_id} has no turns (conversation.session_<n> lists)")
    questions = tuple(
        Question(q.question, q.category, tuple(q.evidence), None if q.answer is None else str(q.answer))
        for q in parsed.qa
    )
    return Sample(sample_id, turns, questions)


def _turn(turn: LocomoTurn, session: int, date: str | None) -> Turn:
    dia_id = canonical_dia_id(turn.dia_id) or turn.dia_id.strip()
    return Turn(dia_id, session, turn.speaker, turn.text, date, turn.blip_caption or None)


def _valid(model: type[M], raw: Any, where: str) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"])
        raise _Malformed(f"{where}: {field + ': ' if field else ''}{error['msg']}") from None
