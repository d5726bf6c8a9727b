"""Stop and SessionEnd journal the payload with the standard library alone (no pathlib, no
datetime): the entry they write reads back as the one the datetime-based path wrote."""

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from abzu.adapters.spool.hook_entry import decode_hook
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.home_root import home_root, spool_folder
from abzu.entrypoints.hooks import main as hook_main
from abzu.entrypoints.hooks import session_end
from abzu.entrypoints.hooks.spooled import utc_now_iso


@pytest.mark.parametrize("moment", [
    datetime(2026, 11, 26, 19, 45, 18, 123456, tzinfo=UTC),
    datetime(2026, 1, 1, 0, 0, 0, 0, tzinfo=UTC),  # no fraction: still six digits, same instant
    datetime(1999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
])
def test_the_journal_time_is_the_instant_datetime_would_write(moment: datetime) -> None:
    ns = int(moment.timestamp()) * 1_000_000_000 + moment.microsecond * 1000
    assert utc_now_iso(ns) == moment.isoformat(timespec="microseconds")
    assert datetime.fromisoformat(utc_now_iso(ns)) == moment


def test_the_home_root_is_the_data_homes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for value in ("~/elsewhere", str(tmp_path / "abs"), ""):
        environ = {"ABZU_HOME": value}
        home = DataHome.from_env(environ)
        assert Path(home_root(environ)) == home.root
        assert Path(spool_folder(home_root(environ))) == home.spool


def entries(home: Path) -> list[dict[str, object]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted((home / "spool").glob("*.json"))]


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("ABZU_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    return tmp_path / "home"


def test_a_stop_is_journaled_and_ingests_as_a_stop_event(home: Path, tmp_path: Path) -> None:
    payload = {"session_id": "s-1", "hook_event_name": "Stop", "cwd": str(tmp_path), "extra": "dropped"}
    out = io.StringIO()
    assert hook_main.main(["stop"], io.StringIO(json.dumps(payload)), out) == 0
    [entry] = entries(home)
    assert out.getvalue() == "" and entry["payload"] == {k: v for k, v in payload.items() if k != "extra"}
    event = decode_hook(entry)
    assert (event.session_id, event.event.value) == ("s-1", "Stop")
    assert event.at.utcoffset() == timedelta(0)  # an aware UTC time, as datetime.now(UTC) gave


def test_a_session_end_journals_then_starts_finalisation_where_the_session_worked(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[tuple[list[str], str | None, str | None]] = []
    monkeypatch.setattr(session_end, "start_detached",
                        lambda argv, cwd=None, stdin=None: started.append((list(argv), cwd, stdin)))
    payload = {"session_id": "s-2", "hook_event_name": "SessionEnd", "cwd": str(tmp_path / "project")}
    assert hook_main.main(["session-end"], io.StringIO(json.dumps(payload)), io.StringIO()) == 0
    assert [e["event"] for e in entries(home)] == ["SessionEnd"]
    [(argv, cwd, job)] = started  # the background job, its job on stdin (no typer, no container)
    assert argv[-2:] == ["-m", "abzu.entrypoints.background"] and cwd == str(tmp_path / "project")
    assert json.loads(job or "") == {"job": "finalize", "session_id": "s-2"}


def test_a_journaling_hook_that_cannot_write_fails_open_with_one_log_line(
    home: Path, tmp_path: Path
) -> None:
    home.parent.mkdir(exist_ok=True)
    home.mkdir()
    (home / "spool").write_text("a file where the journal folder goes", encoding="utf-8")
    payload = {"session_id": "s-3", "hook_event_name": "Stop"}
    assert hook_main.main(["stop"], io.StringIO(json.dumps(payload)), io.StringIO()) == 0
    [line] = (home / "abzu.log").read_text(encoding="utf-8").splitlines()
    assert "hook stop failed" in line and "Traceback" not in line


def test_a_hook_payload_is_an_immutable_value_of_its_fields() -> None:
    from abzu.adapters.claude_hook_payload import HookPayload

    read = HookPayload.model_validate_json('{"session_id": "s1", "cwd": " /repo ", "trigger": "auto"}')
    assert read == HookPayload("s1", cwd="/repo", trigger="auto") != HookPayload("s1", cwd="/repo")
    assert len({read, HookPayload("s1", cwd="/repo", trigger="auto")}) == 1
    with pytest.raises(AttributeError):
        read.cwd = "/elsewhere"
    assert "trigger='auto'" in repr(read)  # every field is printed (and compared)
    with pytest.raises(TypeError, match="'colour'"):
        HookPayload("s1", colour="blue")
