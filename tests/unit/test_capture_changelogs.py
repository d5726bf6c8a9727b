"""What the project's changelog now says (issue 30.2, changelogs.py): hand-made minimal transcripts."""

import pytest

from abzu.domain.category import Category
from abzu.domain.extraction.changelogs import MAX_ENTRIES
from abzu.domain.extraction.heuristics import CandidateDraft, digest
from abzu.domain.extraction.transcript import TranscriptRecord
from tests.unit.records import edit, said

ENTRY = ("- `settings.useCompoundNumbers` and `settings.skipOneForHundred` are removed: both had no effect,\n"
         "  and unmapped JSON keys are ignored on load, so 1.x locale files still load.")


def _drafts(*parts: TranscriptRecord | list[TranscriptRecord]) -> list[CandidateDraft]:
    return list(digest([r for p in parts for r in (p if isinstance(p, list) else [p])]).candidate_drafts())


def test_the_lines_an_edit_adds_to_the_changelog_are_a_decision_with_the_request() -> None:
    [draft] = _drafts(said("prepare the 2.0 notes"),
                      edit("t1", "/repo/CHANGELOG.md", "### Removed\n", f"### Removed\n\n{ENTRY}\n"))
    assert draft.category is Category.DECISION
    assert draft.content == ("Changelog (CHANGELOG.md): - `settings.useCompoundNumbers` and "
                             "`settings.skipOneForHundred` are removed: both had no effect, and unmapped "
                             "JSON keys are ignored on load, so 1.x locale files still load.")
    assert draft.context == "Request: prepare the 2.0 notes"


@pytest.mark.parametrize("path", ["C:\\repo\\CHANGES.rst", "/repo/docs/HISTORY.md", "/repo/NEWS",
                                  "/repo/RELEASE_NOTES.md"])
def test_any_changelog_by_its_usual_names_is_read(path: str) -> None:
    assert len(_drafts(said("notes"), edit("t1", path, "", ENTRY))) == 1


@pytest.mark.parametrize(("path", "old", "new"), [
    ("/repo/CHANGELOG.md", "## [Unreleased]", "## [0.16.1] - 2026-08-20"),  # a version line says little
    ("/repo/src/changelog.py", "", ENTRY),  # code that handles changelogs
    ("/repo/README.md", "", ENTRY),
    ("/repo/CHANGELOG.md", f"## [2.0.0]\n{ENTRY}", f"## [2.0.0] - 2026-08-20\n{ENTRY}"),  # entry kept
])
def test_short_additions_other_files_and_entries_already_there_are_not_entries(
        path: str, old: str, new: str) -> None:
    drafts = _drafts(said("notes"), edit("t1", path, old, new))
    assert not [d for d in drafts if d.content.startswith("Changelog")]


def test_a_session_keeps_its_longest_entries_in_the_order_written() -> None:
    entries = [f"- Entry {n}: " + "the converter resolves options in one place. " * n for n in range(1, 6)]
    edits = [edit(f"t{n}", "/repo/CHANGELOG.md", "", e) for n, e in enumerate(entries)]
    drafts = _drafts(said("write the notes"), *edits)
    assert MAX_ENTRIES == 3
    assert [d.content.split(":")[1].strip() for d in drafts] == ["- Entry 3", "- Entry 4", "- Entry 5"]
