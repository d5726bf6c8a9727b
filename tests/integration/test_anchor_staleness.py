"""Anchors that notice change (issue 16.3) on real SQLite files and real git repositories."""

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from returns.result import Success

from abzu.adapters.git_repo import SubprocessGit
from abzu.adapters.sqlite.anchor_freshness import SqliteAnchorFreshness
from abzu.application.anchors.mark_stale import StaleReport
from abzu.application.manage.edit import EditMemory, EditRequest
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.domain.anchors import Staleness
from abzu.entrypoints.recall_views import RecallView
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.e2e.cli import Cli
from tests.fakes import present
from tests.integration.gitrepos import git, new_repo
from tests.transcript_lines import assistant, call, result, text, user, write


def _commit_file(repo: Path, path: str, text: str) -> None:
    (repo / path).parent.mkdir(parents=True, exist_ok=True)
    (repo / path).write_text(text)
    git(repo, "add", path)
    git(repo, "commit", "-q", "-m", f"write {path}")


def _head(repo: Path) -> str:
    head = SubprocessGit().head(str(repo))
    assert head is not None
    return head


@pytest.fixture
def api(tmp_path: Path) -> Path:
    repo = new_repo(tmp_path / "src" / "api")
    for name in ("app.py", "old.py", "same.py"):
        _commit_file(repo, f"src/{name}", f"# {name}\n")
    return repo


def _container(abzu_home: Path, cwd: Path) -> Iterator[Container]:
    c = build_container(Settings(home=abzu_home), cwd=cwd)
    yield c
    c.shutdown_resources()


@pytest.fixture
def in_git(abzu_home: Path, api: Path) -> Iterator[Container]:
    yield from _container(abzu_home, api)


def _remember(c: Container, text: str, path: str) -> str:
    done = c.remember().execute(RememberRequest(text, "preference", files=(path,)))
    assert isinstance(done, Success)
    return done.unwrap().id


def _events(home: Path, bead: str) -> list[tuple[str, str, str]]:
    with sqlite3.connect(home / "wisdom.db") as conn:
        return conn.execute("SELECT event, detail, who FROM memory_events WHERE item_id = ? AND event IN "
                            "('stale', 'flagged for review') ORDER BY seq", (bead,)).fetchall()


def test_remember_with_a_file_records_the_commit_it_was_observed_at(in_git: Container, api: Path) -> None:
    bead = _remember(in_git, "app.py keeps its handlers sync", "src/app.py")
    with in_git.uow() as uow:
        [anchor] = uow.bead_anchors.of(bead)
    assert (anchor.value, anchor.commit) == ("src/app.py", _head(api))


def test_maintenance_marks_rewritten_code_stale_and_flags_deleted_files(
    in_git: Container, api: Path, abzu_home: Path
) -> None:
    changed = _remember(in_git, "app.py keeps its handlers sync", "src/app.py")
    deleted = _remember(in_git, "old.py holds the legacy parser", "src/old.py")
    same = _remember(in_git, "same.py is generated, do not touch", "src/same.py")
    _commit_file(api, "src/app.py", "async def handler(): ...\n")
    git(api, "rm", "-q", "src/old.py")
    git(api, "commit", "-q", "-m", "drop old.py")

    report = in_git.sessions.maintenance().execute()
    assert report.stale == StaleReport(marked_stale=1, flagged_for_review=1, checks=1)
    assert _events(abzu_home, changed) == [("stale", Staleness.CHANGED.value, "maintenance")]
    assert _events(abzu_home, deleted) == [("flagged for review", Staleness.DELETED.value, "maintenance")]
    assert in_git.sessions.maintenance().execute().stale == StaleReport(checks=1)  # nothing new to mark

    found = in_git.recall().execute(RecallRequest("handlers legacy parser generated")).unwrap()
    assert {r.id: r.stale for r in RecallView.of(found).results} == {
        changed: "stale: code changed", deleted: "stale: file deleted, flagged for review", same: None}
    assert {h.hit.item_id: h.hit.weight for h in found.hits} == {changed: 0.5, deleted: 0.5, same: 1.0}
    with in_git.uow() as uow:  # never deleted nor flagged for deletion; the bead row is untouched
        beads = {b: present(uow.beads.get(b)) for b in (changed, deleted, same)}
    assert {b: (x.gemini_flagged, x.weight) for b, x in beads.items()} == {
        changed: (False, 1.0), deleted: (False, 1.0), same: (False, 1.0)}


def test_an_uncommitted_rewrite_counts_as_changed(in_git: Container, api: Path) -> None:
    _remember(in_git, "app.py keeps its handlers sync", "src/app.py")
    (api / "src/app.py").write_text("rewritten, not committed yet\n")
    assert in_git.sessions.maintenance().execute().stale.marked_stale == 1


def test_outside_git_nothing_happens(abzu_home: Path, tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    (folder / "src").mkdir(parents=True)
    (folder / "src/app.py").write_text("x\n")
    for c in _container(abzu_home, folder):
        bead = _remember(c, "app.py keeps its handlers sync", "src/app.py")
        (folder / "src/app.py").unlink()
        with c.uow() as uow:
            assert [a.commit for a in uow.bead_anchors.of(bead)] == [None]
        assert c.sessions.maintenance().execute().stale == StaleReport()


def test_git_that_cannot_tell_says_none(api: Path, tmp_path: Path) -> None:
    sut = SubprocessGit()
    assert sut.head(str(tmp_path)) is None  # not a repository
    assert sut.changes(str(api), "0" * 40, ["src/app.py"]) is None  # unknown commit
    assert sut.changes(str(api), "--output=/tmp/x", ["src/app.py"]) is None  # never an option
    assert sut.changes(str(api), _head(api), ["src/app.py"]) == {}


def test_a_mined_fix_is_anchored_and_keeps_its_commit_through_promotion(
    in_git: Container, api: Path, abzu_home: Path, tmp_path: Path
) -> None:
    app = str(api / "src/app.py")
    path = write(tmp_path / "s1.jsonl", user("make the tests pass"),
                 call("t1", "Bash", command="pytest -q tests/test_app.py"),
                 result("t1", "E   KeyError: 'user'\n1 failed", is_error=True),
                 call("t2", "Edit", file_path=app, old_string="x", new_string="y"),
                 result("t2", "updated", tool_use_result={"filePath": app}),
                 call("t3", "Bash", command="pytest -q tests/test_app.py"), result("t3", "3 passed"))
    # The project of the session, as finalize finds it: the repository root (registered by path).
    extract = in_git.sessions.extract_transcript()
    done = extract.execute(session_id="s1", transcript_path=str(path), project=None)
    assert done.candidates_created == 1
    with in_git.uow() as uow:
        [staged] = uow.candidates.staged(limit=10)
        anchors = uow.candidate_anchors.of(staged.id)
    assert [(a.kind.value, a.value, a.commit) for a in anchors] == [
        ("command", "pytest", _head(api)), ("file", "src/app.py", _head(api))]

    bead = in_git.review.promote_candidate().execute(staged.id).unwrap().bead_id
    _commit_file(api, "src/app.py", "rewritten\n")
    assert in_git.sessions.maintenance().execute().stale.marked_stale == 1
    assert _events(abzu_home, bead) == [("stale", Staleness.CHANGED.value, "maintenance")]


def test_passes_take_turns_over_more_commits_than_one_pass_checks(
    in_git: Container, api: Path, abzu_home: Path
) -> None:
    commits = []
    for n in range(3):
        _commit_file(api, f"src/f{n}.py", "x\n")
        commits.append(_head(api))
        _remember(in_git, f"f{n}.py rule number {n}", f"src/f{n}.py")
    freshness = SqliteAnchorFreshness(in_git.wisdom_store())
    seen = {a.commit for _ in range(60) for a in freshness.tracked(1, 100)}
    assert seen == set(commits)
    [first] = freshness.tracked(1, 100)
    freshness.mark([(first, Staleness.CHANGED)])
    assert all(a.stale is None for _ in range(20) for a in freshness.tracked(2, 100))  # fresh ones first


def test_a_history_trigger_repaired_before_its_migration_does_not_stop_it(tmp_path: Path) -> None:
    from abzu.adapters.sqlite.event_triggers import event_triggers
    from abzu.adapters.sqlite.migrations import runner
    from tests.integration.migration_steps import downgrade
    from tests.integration.sqlite_helpers import open_store

    downgrade(tmp_path / "wisdom.db", "wisdom", "w0007")
    with sqlite3.connect(tmp_path / "wisdom.db") as conn:  # what `abzu doctor --repair` would do
        conn.execute(event_triggers("wisdom")["bead_anchors_ev_stale"])
    open_store(tmp_path / "wisdom.db", "wisdom").close()  # migrates to head
    with sqlite3.connect(tmp_path / "wisdom.db") as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (runner.HEADS["wisdom"],)
        assert "stale" in {r[1] for r in conn.execute("PRAGMA table_info(bead_anchors)")}


def _marks(home: Path, bead: str) -> list[tuple[str | None, str]]:
    with sqlite3.connect(home / "wisdom.db") as conn:
        sql = "SELECT stale, git_commit FROM bead_anchors WHERE memory_id = ?"
        return conn.execute(sql, (bead,)).fetchall()


def _lifts(home: Path, bead: str) -> list[tuple[str, str, str]]:
    with sqlite3.connect(home / "wisdom.db") as conn:
        return conn.execute("SELECT event, detail, who FROM memory_events WHERE item_id = ? AND "
                            "event = 'fresh again' ORDER BY seq", (bead,)).fetchall()


def test_the_stale_mark_is_lifted_when_the_code_comes_back(in_git: Container, api: Path,
                                                            abzu_home: Path) -> None:
    bead = _remember(in_git, "app.py keeps its handlers sync", "src/app.py")
    _commit_file(api, "src/app.py", "async def handler(): ...\n")
    assert in_git.sessions.maintenance().execute().stale.marked_stale == 1
    _commit_file(api, "src/app.py", "# app.py\n")  # reverted: as it was when the memory was observed

    assert in_git.sessions.maintenance().execute().stale == StaleReport(checks=1, lifted=1)
    assert _lifts(abzu_home, bead) == [("fresh again", Staleness.CHANGED.value, "maintenance")]
    found = in_git.recall().execute(RecallRequest("handlers sync")).unwrap()
    assert [(r.id, r.stale) for r in RecallView.of(found).results] == [(bead, None)]
    assert [h.hit.weight for h in found.hits] == [1.0]


def _stale_memory(c: Container, api: Path) -> str:
    """A memory anchored to src/app.py, marked stale by maintenance after the file was rewritten."""
    bead = _remember(c, "app.py keeps its handlers sync", "src/app.py")
    _commit_file(api, "src/app.py", "async def handler(): ...\n")
    c.sessions.maintenance().execute()
    return bead


def test_a_bead_observed_again_is_anchored_anew_and_fresh(
    in_git: Container, api: Path, abzu_home: Path
) -> None:
    bead = _stale_memory(in_git, api)
    assert _marks(abzu_home, bead)[0][0] == Staleness.CHANGED.value

    again = _remember(in_git, "app.py keeps its handlers sync", "src/app.py")  # a duplicate: re-observed
    assert again == bead
    assert _marks(abzu_home, bead) == [(None, _head(api))]
    assert in_git.sessions.maintenance().execute().stale.marked_stale == 0  # compared with the new commit now


def _edit(c: Container, request: EditRequest) -> int:
    """How many stale marks the edit says it lifted."""
    return EditMemory(c.uow(), workspace=c.workspace(), git=c.git()).execute(request).unwrap().marks_lifted


def test_a_hand_rewrite_of_a_stale_memory_lifts_its_mark_and_says_so(
    in_git: Container, api: Path, abzu_home: Path
) -> None:
    bead = _stale_memory(in_git, api)

    assert _edit(in_git, EditRequest(bead, summary="handlers")) == 0  # the text is as it was: still stale
    assert _marks(abzu_home, bead)[0][0] == Staleness.CHANGED.value and _lifts(abzu_home, bead) == []
    assert _edit(in_git, EditRequest(bead, content="app.py handlers are async now")) == 1
    assert _marks(abzu_home, bead) == [(None, _head(api))]
    assert [event for event, _, _ in _lifts(abzu_home, bead)] == ["fresh again"]
    assert in_git.sessions.maintenance().execute().stale.marked_stale == 0  # compared with the new commit
    found = in_git.recall().execute(RecallRequest("handlers async")).unwrap()
    assert [(r.id, r.stale) for r in RecallView.of(found).results] == [(bead, None)]


def test_abzu_edit_tells_the_person_it_lifted_the_stale_mark(in_git: Container, api: Path) -> None:
    bead, cli = _stale_memory(in_git, api), Cli(in_git)
    edited = cli("edit", bead, "--content", "app.py handlers are async now", "--json").json()
    assert edited["stale_marks_lifted"] == 1

    _commit_file(api, "src/app.py", "def handler(): ...\n")  # changed again: marked again
    in_git.sessions.maintenance().execute()
    said = cli("edit", bead, "--content", "app.py handlers are sync again")
    assert said.code == 0 and said.stdout.splitlines()[-1] == (
        "Fresh again: the stale mark on 1 anchored file is lifted (checked against HEAD from now on).")
    assert "Fresh again" not in cli("edit", bead, "--content", "app.py handlers: sync").stdout  # no mark left


def test_a_rewrite_made_outside_the_memory_s_repository_keeps_the_mark(
    in_git: Container, api: Path, abzu_home: Path, tmp_path: Path
) -> None:
    bead = _stale_memory(in_git, api)
    for elsewhere in _container(abzu_home, new_repo(tmp_path / "src" / "web")):
        _commit_file(tmp_path / "src" / "web", "README", "web\n")
        _edit(elsewhere, EditRequest(bead, content="app.py handlers are async now"))
    assert _marks(abzu_home, bead)[0][0] == Staleness.CHANGED.value


def test_every_mined_candidate_is_anchored_to_what_its_exchange_edited_and_ran(
    in_git: Container, api: Path, tmp_path: Path
) -> None:
    app, notes = str(api / "src/app.py"), str(api / "docs/notes.md")
    path = write(tmp_path / "s2.jsonl", user("switch the handlers to sync"),
                 assistant(text("We decided to drop Python 3.10, instead of keeping shims.")),
                 call("t1", "Edit", file_path=app, old_string="x", new_string="y"),
                 result("t1", "updated", tool_use_result={"filePath": app}),
                 call("t2", "Bash", command="npm run build -- --prod"), result("t2", "built"),
                 call("t3", "Bash", command="git status"), result("t3", "clean"),  # a look: no anchor
                 user("now the docs"),
                 call("t4", "Write", file_path=notes, content="notes"), result("t4", "written"))
    extract = in_git.sessions.extract_transcript()
    done = extract.execute(session_id="s2", transcript_path=str(path), project=None)
    assert done.candidates_created == 1
    with in_git.uow() as uow:
        [staged] = uow.candidates.staged(limit=10)
        anchors = uow.candidate_anchors.of(staged.id)
    assert staged.category.value == "decision"
    assert [(a.kind.value, a.value, a.commit) for a in anchors] == [  # not the next exchange's file
        ("command", "npm run build", _head(api)), ("file", "src/app.py", _head(api))]
