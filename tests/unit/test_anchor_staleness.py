"""Anchors that notice change (issue 16.3) and the anchor commit, with hand-written fakes."""

import os
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

from returns.result import Success

from abzu.adapters.shown_file import FileShownMemories, ShownJournalRetention
from abzu.application.anchors.mark_stale import MarkStaleAnchors, StaleReport
from abzu.application.maintenance import RunMaintenance
from abzu.application.remember import Remember, RememberRequest
from abzu.application.remember_many import RememberMany
from abzu.domain.anchor_keys import stale_label, stale_weight
from abzu.domain.anchors import (
    Anchor,
    AnchorKind,
    Staleness,
    TrackedAnchor,
    command_prefix,
    stale_marks,
)
from tests.fakes import T0, FakeGit, FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds

ROOT, OLD, NEW = "/src/api", "a" * 40, "b" * 40


class FakeFreshness:
    def __init__(self, tracked: list[TrackedAnchor]) -> None:
        self.rows, self.marked = tracked, list[tuple[TrackedAnchor, Staleness | None]]()

    def tracked(self, groups: int, anchors: int) -> list[TrackedAnchor]:
        return self.rows[:anchors]

    def mark(self, marks: Sequence[tuple[TrackedAnchor, Staleness | None]]) -> None:
        self.marked += marks


def _tracked(memory: str, path: str, commit: str = OLD, stale: Staleness | None = None) -> TrackedAnchor:
    return TrackedAnchor(memory, path, commit, ROOT, stale)


def test_a_changed_file_marks_its_bead_stale_and_a_deleted_one_flags_it_for_review() -> None:
    anchors = FakeFreshness([_tracked("b-1", "src/app.py"), _tracked("b-2", "src/gone.py"),
                             _tracked("b-3", "src/same.py")])
    git = FakeGit(changes={(ROOT, OLD): {"src/app.py": Staleness.CHANGED, "src/gone.py": Staleness.DELETED}})
    report = MarkStaleAnchors(anchors, git, FixedClock()).execute()
    assert report == StaleReport(marked_stale=1, flagged_for_review=1, checks=1)
    assert [(a.memory_id, why) for a, why in anchors.marked] == [
        ("b-1", Staleness.CHANGED), ("b-2", Staleness.DELETED)]
    assert git.asked == [("diff", ROOT, OLD, "src/app.py", "src/gone.py", "src/same.py")]  # one call


def test_outside_git_nothing_is_marked() -> None:
    anchors = FakeFreshness([_tracked("b-1", "src/app.py")])
    assert MarkStaleAnchors(anchors, FakeGit(), FixedClock()).execute() == StaleReport(checks=1)
    assert anchors.marked == []


def test_a_pass_is_bounded_in_git_calls_and_in_time() -> None:
    anchors = FakeFreshness([_tracked(f"b-{i}", "a.py", commit=f"{i:040d}") for i in range(5)])
    git = FakeGit()
    assert MarkStaleAnchors(anchors, git, FixedClock(), max_checks=2).execute().checks == 2
    assert len(git.asked) == 2

    clock = FixedClock()

    class SlowGit(FakeGit):
        def changes(self, root: str, commit: str, paths: Sequence[str]) -> dict[str, Staleness] | None:
            clock.advance(seconds=15)  # each answer takes 15 s: the 20 s budget allows two calls
            return super().changes(root, commit, paths)

    assert MarkStaleAnchors(anchors, SlowGit(), clock).execute().checks == 2


def test_a_mark_is_never_repeated_nor_downgraded() -> None:
    changed = _tracked("b-1", "a.py", stale=Staleness.CHANGED)
    deleted = _tracked("b-2", "b.py", stale=Staleness.DELETED)
    now = {(ROOT, OLD): {"a.py": Staleness.CHANGED, "b.py": Staleness.CHANGED}}
    assert stale_marks([changed, deleted], now) == []
    later = {(ROOT, OLD): {"a.py": Staleness.DELETED}}
    assert stale_marks([changed], later) == [(changed, Staleness.DELETED)]  # changed, then deleted


def test_a_stale_memory_ranks_at_half_its_decay_weight() -> None:
    marks = ("code changed", "file deleted", None)
    assert [stale_weight(0.5, mark) for mark in marks] == [0.25, 0.25, 0.5]


def test_recall_shows_the_worst_mark_in_fixed_words() -> None:
    assert stale_label([None]) is None
    assert stale_label(["code changed"]) == "stale: code changed"
    assert stale_label(["code changed", "file deleted"]) == "stale: file deleted, flagged for review"
    assert stale_label(["<script>"]) is None  # only known marks: never text from the store


def test_a_mined_command_is_anchored_to_its_leading_words_only() -> None:
    assert command_prefix("npm run build -- --prod") == "npm run build"
    assert command_prefix("pytest tests/unit/test_x.py -q") == "pytest"
    assert command_prefix("make test TOKEN=s3cr3t") == "make test"
    assert command_prefix("curl -H 'Authorization: Bearer abc' https://x") == "curl"
    assert command_prefix("API_KEY=abc npm test") is None
    assert command_prefix("cd api && make") is None
    assert command_prefix("   ") is None


def test_an_anchor_is_the_same_anchor_whatever_its_commit() -> None:
    assert Anchor(AnchorKind.FILE, "a.py", OLD) == Anchor(AnchorKind.FILE, "a.py", NEW)
    assert len({Anchor(AnchorKind.FILE, "a.py", OLD), Anchor(AnchorKind.FILE, "a.py")}) == 1


def test_remember_with_files_records_the_commit_it_was_observed_at(
    uow: FakeUnitOfWork, clock: FixedClock, ids: SequentialIds
) -> None:
    git = FakeGit(heads={ROOT: OLD})
    sut = Remember(uow=uow, clock=clock, ids=ids, workspace=FixedWorkspace(ROOT), git=git)
    done = sut.execute(RememberRequest("Never edit gen/ by hand", "preference", files=("gen/a.ts",),
                                       commands=("npm run gen",)))
    assert isinstance(done, Success)
    assert uow.bead_anchors.of(done.unwrap().id) == (
        Anchor(AnchorKind.COMMAND, "npm run gen", OLD), Anchor(AnchorKind.FILE, "gen/a.ts", OLD))
    assert [a.commit for a in uow.bead_anchors.of(done.unwrap().id)] == [OLD, OLD]


def test_remember_without_files_never_asks_git(uow: FakeUnitOfWork, clock: FixedClock,
                                               ids: SequentialIds) -> None:
    git = FakeGit(heads={ROOT: OLD})
    sut = Remember(uow=uow, clock=clock, ids=ids, workspace=FixedWorkspace(ROOT), git=git)
    assert isinstance(sut.execute(RememberRequest("npm ci first", "learning", commands=("npm",))), Success)
    assert sut.execute(RememberRequest("plain", "learning")).unwrap()
    assert git.asked == []


def test_remembered_many_carry_their_anchors_and_commit(uow: FakeUnitOfWork, clock: FixedClock,
                                                         ids: SequentialIds) -> None:
    git = FakeGit(heads={ROOT: NEW})
    sut = RememberMany(uow=uow, clock=clock, ids=ids, workspace=FixedWorkspace(ROOT), git=git)
    [done] = sut.execute([RememberRequest("ImportError | Fixed by: edited src/app.py", "fix",
                                          files=(f"{ROOT}/src/app.py",), commands=("pytest",))]).items
    assert uow.candidate_anchors.of(done.unwrap().id) == (
        Anchor(AnchorKind.COMMAND, "pytest"), Anchor(AnchorKind.FILE, "src/app.py"))
    assert {a.commit for a in uow.candidate_anchors.of(done.unwrap().id)} == {NEW}


def test_maintenance_runs_the_stale_pass_and_the_journal_cleanup(
    uow: FakeUnitOfWork, clock: FixedClock
) -> None:
    class Pass:
        def execute(self) -> StaleReport:
            return StaleReport(2, 1, 1)

    class Journals:
        def execute(self) -> list[str]:
            return ["/home/shown/s-old"]

    report = RunMaintenance(uow=uow, clock=clock, anchors=Pass(), journals=Journals()).execute()
    assert report.stale == StaleReport(2, 1, 1)
    assert report.journals_deleted == 1
    assert report.files_deleted == ()  # em.db deletions only


def test_journals_of_sessions_idle_for_a_week_are_deleted(tmp_path: Path, clock: FixedClock) -> None:
    folder = tmp_path / "shown"
    FileShownMemories(folder).add("s-old", ["b-1"])
    FileShownMemories(folder).add("s-new", ["b-2"])
    (folder / "notes.txt~").write_text("not a session id: not ours to delete")
    week_ago = (T0 - timedelta(days=8)).timestamp()
    for old in ("s-old", "notes.txt~"):
        os.utime(folder / old, (week_ago, week_ago))
    os.utime(folder / "s-new", (T0.timestamp(), T0.timestamp()))
    deleted = ShownJournalRetention(folder, clock).execute()
    assert deleted == [str(folder / "s-old")]
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt~", "s-new"]
    assert FileShownMemories(folder).shown("s-old") == set()


def test_no_journal_folder_is_nothing_to_clean(tmp_path: Path, clock: FixedClock) -> None:
    assert ShownJournalRetention(tmp_path / "missing", clock).execute() == []


def test_a_change_undone_lifts_the_mark_and_git_silent_changes_nothing() -> None:
    changed = _tracked("b-1", "a.py", stale=Staleness.CHANGED)
    deleted = _tracked("b-2", "b.py", stale=Staleness.DELETED)
    fresh = _tracked("b-3", "c.py")
    assert stale_marks([changed, deleted, fresh], {(ROOT, OLD): {}}) == [(changed, None)]  # as it was
    assert stale_marks([changed, deleted, fresh], {}) == []  # git could not tell: marks stay
    anchors = FakeFreshness([changed, fresh])
    report = MarkStaleAnchors(anchors, FakeGit(changes={(ROOT, OLD): {}}), FixedClock()).execute()
    assert report == StaleReport(checks=1, lifted=1)
    assert anchors.marked == [(changed, None)]
