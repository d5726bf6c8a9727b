"""Profile entries: one clean line each, a known source; the lines shown in the persona."""

from abzu.domain.enki.profile import BadProfileEntry, ProfileSource, checked
from abzu.domain.enki.profile_lines import profile_lines


def test_key_and_value_are_cleaned_to_one_line() -> None:
    assert checked(" editor ", "neo\nvim", "Explicit") == ("editor", "neo vim", ProfileSource.EXPLICIT)


def test_empty_parts_and_unknown_sources_are_refused_with_a_reason() -> None:
    assert checked("", "x", "explicit") == BadProfileEntry("a profile entry needs a key and a value")
    bad = checked("k", "v", "guessed")
    assert isinstance(bad, BadProfileEntry) and "use one of explicit, inferred, codebase" in bad.message


def test_the_persona_lines_list_each_entry_under_a_heading() -> None:
    assert profile_lines([("editor", "vim")]) == "User profile (stated by the user):\n- editor: vim"
    assert profile_lines([]) == ""
