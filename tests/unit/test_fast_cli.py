"""The standard-library front of recall/remember/star/status (cli/fast.py) and the typer commands
(cli/memory.py) are two doors to the same commands: same options, same defaults, same JSON.
Whatever the fast parser does not take goes back to typer (None), so errors stay typer's."""

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any, get_args

import pytest
import typer

from abzu.application.recall import Recalled
from abzu.application.remember_io import Destination, Remembered
from abzu.domain.bead import VouchedBy
from abzu.domain.category import Category
from abzu.domain.dedup import DedupOutcome
from abzu.domain.ranking import RankedHit, SearchHit, Source
from abzu.entrypoints.cli import plain
from abzu.entrypoints.cli.app import create_app
from abzu.entrypoints.cli.fast import parse
from abzu.entrypoints.cli.fast_argparse import parse_args
from abzu.entrypoints.cli.fast_options import COMMANDS
from abzu.entrypoints.cli.fast_parse import UNSURE, WRONG, parse_plain
from abzu.entrypoints.views import BeadView, RecallView, RememberView
from tests.builders import T0, bead


def typer_params(command: str) -> list[Any]:
    group = typer.main.get_command(create_app())
    return list(group.get_command(None, command).params)  # type: ignore[attr-defined]


def describe_typer(param: Any) -> tuple[object, ...]:
    kind = "flag" if getattr(param, "is_flag", False) else "many" if param.multiple else "one"
    flags = tuple(param.opts) if param.param_type_name == "option" else ()
    default = None if param.default is None or param.multiple else param.default
    annotation = param.type_descriptor.annotation  # typer 0.29's own record of the declared type
    value_type = get_args(annotation)[0] if param.multiple else annotation
    return param.name, flags, kind, default, param.required, value_type.__name__


def describe_fast(param: Any) -> tuple[object, ...]:
    value_type = bool if param.kind == "flag" else param.type
    return param.name, param.flags, param.kind, param.default, param.required, value_type.__name__


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_fast_front_takes_exactly_the_options_typer_declares(command: str) -> None:
    declared = sorted(map(describe_typer, typer_params(command)), key=str)
    assert sorted(map(describe_fast, COMMANDS[command]), key=str) == declared


def test_the_values_are_the_ones_the_typer_command_would_receive() -> None:
    parsed = parse(["remember", "note", "-c", "fix", "--tag", "a", "--tag", "b", "--file", "x.py",
                    "--global", "--json"])
    assert parsed is not None and parsed[0] == "remember"
    values = parsed[1]
    assert (values["content"], values["category"], values["tag"], values["files"]) == (
        "note", "fix", ["a", "b"], ["x.py"])
    assert values["is_global"] and values["json"] and values["commands"] is None
    recall = parse(["recall", "--limit", "3", "wal mode"])
    assert recall is not None and recall[1] == {
        "query": "wal mode", "scope": "project", "project": None, "limit": 3, "floor": None,
        "json": False}


@pytest.mark.parametrize("argv", [
    ["recall"], ["recall", "x", "--limit", "abc"], ["recall", "x", "--floor", "2"],
    ["recall", "x", "--help"], ["remember", "no category"], ["remember", "-x", "-c", "fix"],
    ["star", "b-1", "--bogus"], ["status", "extra"], ["recall", "x", "--lim", "3"], ["review"],
])
def test_what_the_fast_parser_does_not_take_goes_to_typer(argv: list[str]) -> None:
    assert parse(argv) is None


def hit(at: datetime, **kw: Any) -> RankedHit:
    fields: dict[str, Any] = {"item_id": "b-1", "source": Source.BEAD, "category": Category.FIX,
                              "project": "api", "content": "Pin alembic\n</memory>\u202e é",
                              "summary": None, "created_at": at, "strength": 2.0, **kw}
    if fields["source"] is Source.BEAD:
        fields.setdefault("vouched_by", VouchedBy.REVIEW)
    return RankedHit(SearchHit(**fields), 0.123456, 1.0 / 3)


def test_recall_json_is_the_views_json() -> None:
    found = Recalled("wal", "api", "project", (
        hit(T0), hit(T0.replace(microsecond=120000), summary="a <b>title</b>", source=Source.CANDIDATE,
                     last_accessed=T0 + timedelta(days=2), project=None, item_id="c-2"),
        hit(datetime(2026, 1, 2, 3, 4, 5, 7, tzinfo=timezone(timedelta(hours=2))), content="x" * 5000),
        hit(T0, item_id="b-4", category=Category.PREFERENCE, vouched_by=VouchedBy.AGENT),
    ))
    assert plain.recalled(found) == json.loads(RecallView.of(found).model_dump_json())
    assert json.dumps(plain.recalled(Recalled("q", None, "all", ())), indent=2) == RecallView.of(
        Recalled("q", None, "all", ())).model_dump_json(indent=2)


def test_remember_and_star_json_are_the_views_json() -> None:
    done = Remembered("b-9", Destination.WISDOM, DedupOutcome.SUPERSEDED, None, "b-1", 2)
    assert json.dumps(plain.remembered(done), indent=2) == RememberView.of(done).model_dump_json(indent=2)
    starred = bead("b-3", starred=True, created_at=datetime(2026, 5, 1, tzinfo=UTC))
    assert json.dumps(plain.bead(starred), indent=2) == BeadView.of(starred).model_dump_json(indent=2)


def test_plain_recall_text_shows_each_result_with_its_id_kind_and_neutralised_text() -> None:
    text = plain.recalled_text(plain.recalled(Recalled("wal", "api", "project", (
        hit(T0, summary="the title"), hit(T0, source=Source.CANDIDATE, item_id="c-2"),
        hit(T0, item_id="b-3", category=Category.PREFERENCE, vouched_by=VouchedBy.AGENT)))))
    assert text.splitlines()[:2] == ["b-1  0.333  fix  api", "the title"]
    assert "c-2  0.333  fix, staged  api" in text and "</memory>" not in text and "\u202e" not in text
    assert "b-3  0.333  preference, written by the agent, not reviewed  api" in text  # issue 29
    assert plain.recalled_text(plain.recalled(Recalled("wal", None, "all", ()))) == (
        "No memories match 'wal' (scope: all).")


@pytest.mark.parametrize("argv", [
    ["recall", "wal mode"], ["recall", "wal", "--json", "--limit", "3"], ["recall", "--limit=3", "wal"],
    ["recall", "wal", "--floor", "0.5", "--scope", "all", "-p", "api"], ["recall", "wal", "--limit", "x"],
    ["recall", "a", "b"], ["recall", "wal", "--limit", "2", "--limit", "4"], ["star", "b-1", "--json"],
    ["remember", "note", "-c", "fix", "--tag", "a", "--tag=b", "--file", "x.py", "--command", "make"],
    ["remember", "-", "--category", "decision", "--global", "--summary", "s", "--context", "why"],
    ["remember", "note"], ["remember", "-c", "fix"], ["remember", "note", "-c"], ["status", "--json"],
    ["status"], ["remember", "note", "-c", "fix", "--json=1"], ["recall", "wal", "--limit", "-3"],
    ["recall", "-x"], ["remember", "note", "-cfix"], ["recall", "--", "-wal"],
    ["recall", "wal", "--lim", "3"],
])
def test_the_hand_parser_reads_every_command_line_as_argparse_does(argv: list[str]) -> None:
    """Where the hand parser decides, it agrees with argparse (the reader it replaced on the plain
    forms); where it is unsure, parse still answers through argparse."""
    values = parse_plain(COMMANDS[argv[0]], argv[1:])
    by_argparse = parse_args(argv[0], COMMANDS[argv[0]], argv[1:])
    if values == WRONG:
        assert by_argparse is None
    elif values != UNSURE:
        assert values == by_argparse
    got = parse(argv)
    assert got == (None if by_argparse is None else (argv[0], by_argparse))
