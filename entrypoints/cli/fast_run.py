"""Running the four fast commands once parsed (cli/fast.py): the same requests and use cases as
the typer commands (cli/memory.py), printed without pydantic or rich unless a terminal needs a
table. Failures are one line on stderr and exit 1, the traceback in the log, as typer's."""

import os
import sys
from collections.abc import Callable
from typing import Any

from abzu.entrypoints.cli import plain
from abzu.entrypoints.wiring.light_settings import StoreValues

Printer = Callable[[dict[str, Any]], str]


def run(command: str, values: dict[str, Any], store: StoreValues) -> int:
    try:
        return _COMMANDS[command](values, store)
    except Exception as exc:  # one line and exit 1, as cli/context.py's one_line_errors
        import logging  # here: logging costs every command a few ms and only a failure writes

        logging.getLogger("abzu").exception("command failed")
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return _fail(first)


def _remember(v: dict[str, Any], store: StoreValues) -> int:
    from abzu.application.remember import Remembered, RememberRequest
    from abzu.domain.bead import VouchedBy

    text = sys.stdin.buffer.read().decode("utf-8", errors="replace") if v["content"] == "-" else v["content"]
    request = RememberRequest(  # typed by a person: a preference is theirs, reviewed (issue 29)
        text, v["category"], v["project"], v["summary"], tuple(v["tag"] or ()), v["is_global"],
        context=v["context"], files=tuple(os.path.abspath(f) for f in v["files"] or ()),
        commands=tuple(v["commands"] or ()), vouched_by=VouchedBy.PERSON)
    answer = _memory(store).remember().answer(request)  # a plain value: no `returns`
    return _answer(answer, Remembered, plain.remembered, v["json"], plain.remembered_line)


def _recall(v: dict[str, Any], store: StoreValues) -> int:
    from abzu.application.recall import Recalled, RecallRequest

    request = RecallRequest(v["query"], v["scope"], v["project"], v["limit"], v["floor"])
    answer = _memory(store).recall_answers().execute(request)  # a plain value: no `returns`
    return _answer(answer, Recalled, plain.recalled, v["json"], plain.recalled_text, table=_rich_recall)


def _star(v: dict[str, Any], store: StoreValues) -> int:
    from abzu.domain.bead import Bead

    result = _memory(store).star().execute(v["bead_id"])
    return _answer(_plain(result), Bead, plain.bead, v["json"], plain.starred_line)


def _status(v: dict[str, Any], store: StoreValues) -> int:
    """Through the container's report (its sessions, reviews and settings)."""
    from abzu.entrypoints.cli import render
    from abzu.entrypoints.cli.context import Sources
    from abzu.entrypoints.status_report import full_status

    view = full_status(Sources(None)())
    if v["json"]:
        print(view.model_dump_json(indent=2))
    else:
        render.status(view)
    return 0


def _plain(result: Any) -> Any:
    """A `Result`'s value or its error."""
    from returns.result import Success

    return result.unwrap() if isinstance(result, Success) else result.failure()


def _answer(done: Any, answer: type, to_dict: Callable[[Any], dict[str, Any]], as_json: bool,
            text: Printer, table: Callable[[Any], None] | None = None) -> int:
    """`done` printed when it is an `answer` (JSON, plain text, or a rich table on a terminal);
    else it is one of the use case's errors, each with a one-line `message`."""
    if not isinstance(done, answer):
        return _fail(done.message)
    if as_json:
        import json  # here: plain text, the usual form, needs no JSON encoder

        print(json.dumps(to_dict(done), indent=2, ensure_ascii=False))
    elif table is not None and sys.stdout.isatty():
        table(done)
    else:
        print(text(to_dict(done)))
    return 0


def _rich_recall(found: Any) -> None:
    from abzu.entrypoints.cli import render
    from abzu.entrypoints.views import RecallView

    render.recalled(RecallView.of(found))


def _memory(store: StoreValues) -> Any:
    from abzu.entrypoints.wiring.memory import MemoryUseCases

    return MemoryUseCases.open(values=store)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


_COMMANDS: dict[str, Callable[[dict[str, Any], StoreValues], int]] = {
    "remember": _remember, "recall": _recall, "star": _star, "status": _status,
}
