import pytest

from abzu.domain.evaluation.evidence import Evidence, canonical_dia_id, parse_evidence

KNOWN = {"D1:3", "D8:6", "D9:17", "D11:26", "D30:5", "D2:1"}


@pytest.mark.parametrize(
    ("raw", "canonical"),
    [("D1:3", "D1:3"), ("D:11:26", "D11:26"), ("D30:05", "D30:5"), (" d8 : 6 ", "D8:6"),
     ("D2", None), ("session 3", None), ("D1:3; D2:1", None)],
)
def test_a_dialogue_id_is_read_in_its_messy_spellings(raw: str, canonical: str | None) -> None:
    assert canonical_dia_id(raw) == canonical


def test_several_ids_in_one_entry_are_all_evidence() -> None:
    assert parse_evidence(["D8:6; D9:17"], KNOWN) == Evidence(("D8:6", "D9:17"), ())


def test_colon_after_d_and_leading_zeros_resolve() -> None:
    assert parse_evidence(["D:11:26", "D30:05"], KNOWN).turns == ("D11:26", "D30:5")


def test_an_id_naming_no_turn_is_unresolved_and_the_rest_still_count() -> None:
    got = parse_evidence(["D1:3", "D99:1"], KNOWN)

    assert got == Evidence(("D1:3",), ("D99:1",))


def test_text_that_is_no_id_is_unresolved() -> None:
    assert parse_evidence(["D2", "see above", "D2:1, D1:3"], KNOWN) == Evidence(
        ("D2:1", "D1:3"), ("D2", "see", "above")
    )


def test_repeated_evidence_counts_once_in_first_seen_order() -> None:
    assert parse_evidence(["D9:17", "D8:6", "D9:17"], KNOWN).turns == ("D9:17", "D8:6")
