"""The hook-side adapters on real files: read side on sqlite3, journal, `.enki/`, persona."""

import sqlite3
from pathlib import Path

from returns.result import Success

from abzu.adapters.project_files import DotEnkiProjectFiles, FilePersona
from abzu.adapters.spool.file_spool import FileSessionJournal
from abzu.adapters.spool.hook_entry import encode_hook
from abzu.adapters.spool.raw_writer import write_entry
from abzu.adapters.spool.spool_source import FileSpoolSource
from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.adapters.workspace import GitWorkspace
from abzu.application.remember import RememberRequest
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import Source
from abzu.domain.sessions.record import HookEvent, InjectionRecord, SessionEvent
from abzu.entrypoints.wiring.container import Container
from tests.fakes import T0, FixedWorkspace, present
from tests.unit.session_builders import snapshot


def context(home: Path) -> Sqlite3SessionContext:
    return Sqlite3SessionContext(home / "wisdom.db", home / "abzu.db", DecayPolicy())


def test_the_read_side_finds_beads_candidates_and_summaries(container: Container, abzu_home: Path) -> None:
    memories = (("Refresh tokens live in the DB", "decision"), ("Tokens rotate every 15 min", "fix"),
                ("Use tabs", "preference"))
    for text, category in memories:
        assert isinstance(container.remember().execute(RememberRequest(text, category)), Success)
    with container.sessions.uow() as uow:
        uow.summaries.replace_final(snapshot(0, session="old", talk="old final", final=True))
        uow.summaries.add(snapshot(1, session="crashed", talk="crashed snapshot"))
        uow.commit()
    ctx = context(abzu_home)
    project = ctx.project_for_root(str(container.workspace().root()))
    assert project == "api"
    hits = ctx.search(["tokens"], project, limit=10, now=T0)
    assert {(h.source, h.content) for h in hits} == {
        (Source.CANDIDATE, "Refresh tokens live in the DB"), (Source.CANDIDATE, "Tokens rotate every 15 min")}
    assert present(ctx.last_session("api", excluding="now")).conversational_state == "crashed snapshot"
    assert [s.session_id for s in ctx.session_summaries("crashed")] == ["crashed"]


def test_a_store_that_does_not_exist_reads_as_empty_and_is_not_created(tmp_path: Path) -> None:
    ctx = context(tmp_path)
    assert ctx.project_for_root("/src/api") is None
    assert ctx.search(["x"], "api", limit=3, now=T0) == []
    assert not (tmp_path / "abzu.db").exists() and not (tmp_path / "wisdom.db").exists()


def test_a_store_without_the_tables_reads_as_empty(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / "abzu.db").close()
    assert context(tmp_path).session_summaries("s1") == []


def test_the_journal_round_trips_entries_and_sets_bad_ones_aside(tmp_path: Path) -> None:
    folder = tmp_path / "spool"
    journal = FileSessionJournal(folder)
    event = SessionEvent("s1", HookEvent.STOP, T0, "/t/s1.jsonl", "/src/api", 42, None)
    record = InjectionRecord("s1", "session_start", "full", 9_000, True, T0, "k1")
    journal.record_event(event)
    journal.record_injection(record)
    (folder / "0-0-broken.json").write_text("{not json", encoding="utf-8")
    source = FileSpoolSource(folder)
    entries = source.pending()
    assert [e.item for e in entries] == [event, record]
    assert (folder / "0-0-broken.bad").exists()
    for entry in entries:
        source.done(entry.handle)
    assert source.pending() == [] and not list(folder.glob(".*.tmp"))


def test_a_journaled_hook_payload_is_validated_when_ingested(tmp_path: Path, repo: Path) -> None:
    folder = tmp_path / "spool"
    good = {"session_id": "s1", "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo / "sub"),
            "reason": "exit", "last_assistant_message": "not kept"}
    write_entry(folder, "hook", encode_hook("SessionEnd", good, at=T0, project_dir=None))
    write_entry(folder, "hook", encode_hook("Stop", {"session_id": "s2", "cwd": "x" * 5000}, at=T0,
                                            project_dir=None))
    [entry] = FileSpoolSource(folder).pending()
    assert entry.item == SessionEvent("s1", HookEvent.SESSION_END, T0, str(repo / "t.jsonl"), str(repo), None,
                                      "exit")
    assert len(list(folder.glob("*.bad"))) == 1
    assert "not kept" not in Path(entry.handle).read_text(encoding="utf-8")


def test_project_files_are_read_and_the_session_id_written_only_into_enki(repo: Path, tmp_path: Path) -> None:
    files = DotEnkiProjectFiles(GitWorkspace(repo), tmp_path / "home")
    assert files.read().goal is None
    assert not files.write_session_id("s1") and not (repo / ".enki").exists()
    (repo / ".enki").mkdir()
    (repo / ".enki" / "goal").write_text("  Ship auth  \n", encoding="utf-8")
    (repo / ".enki" / "tier").write_text("full\n", encoding="utf-8")
    (repo / ".enki" / "gates.md").write_text("No merge without review\n", encoding="utf-8")
    state = files.read()
    assert (state.goal, state.tier, state.phase) == ("Ship auth", "full", None)
    assert state.gates == "No merge without review"
    assert files.write_session_id("s1")
    assert (repo / ".enki" / "SESSION_ID").read_text(encoding="utf-8") == "s1\n"


def test_the_data_home_is_never_taken_for_a_projects_enki_folder(tmp_path: Path) -> None:
    home = tmp_path / ".enki"
    home.mkdir()
    files = DotEnkiProjectFiles(FixedWorkspace(str(tmp_path)), home)
    assert not files.write_session_id("s1") and not (home / "SESSION_ID").exists()


def test_persona_is_read_from_the_data_home(tmp_path: Path) -> None:
    assert FilePersona(tmp_path / "persona.md").read() is None
    (tmp_path / "persona.md").write_text("You are Enki.\n", encoding="utf-8")
    assert FilePersona(tmp_path / "persona.md").read() == "You are Enki."
