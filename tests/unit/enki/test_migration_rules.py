"""Which old Enki beads are staged, and under which category (spec Appendix A)."""

import pytest

from abzu.domain.category import Category
from abzu.domain.enki.migration import OldBead, Skip, category_of


def bead(content: str, type_: str = "learning") -> OldBead:
    return OldBead("1", content, type_, None)


@pytest.mark.parametrize(("old", "new"), [
    ("decision", Category.DECISION), ("learning", Category.LEARNING),
    ("solution", Category.FIX), ("violation", Category.LEARNING), (" Solution ", Category.FIX),
])
def test_each_old_type_maps_to_its_category(old: str, new: Category) -> None:
    assert category_of(bead("Use WAL mode", old)) is new


@pytest.mark.parametrize("text", ["", "   \n", ])
def test_an_empty_bead_is_skipped(text: str) -> None:
    assert category_of(bead(text)) is Skip.EMPTY


@pytest.mark.parametrize("text", [
    "[REDACTED]", "[REDACTED:github-token:ab12] [redacted]", "<redacted>", "***REDACTED*** .",
])
def test_a_bead_of_placeholders_only_is_skipped(text: str) -> None:
    assert category_of(bead(text)) is Skip.REDACTED


def test_a_bead_with_words_beside_a_placeholder_is_kept() -> None:
    assert category_of(bead("Rotate [REDACTED] every month")) is Category.LEARNING


def test_an_unknown_type_is_skipped() -> None:
    assert category_of(bead("Prefer tabs", "preference")) is Skip.UNKNOWN_TYPE
