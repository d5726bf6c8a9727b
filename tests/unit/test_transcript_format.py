"""The structure check on the first records of a transcript (spec §6 "JSONL Parser Versioning")."""

from abzu.domain.extraction.transcript_format import FormatProbe, LineShape, is_known_type


def _probe(*shapes: LineShape) -> FormatProbe:
    probe = FormatProbe(window=8)
    for shape in shapes:
        probe = probe.observe(shape)
    return probe


def test_conversation_records_are_recognised() -> None:
    assert _probe(LineShape.OTHER_KNOWN, *[LineShape.CONVERSATION] * 7).recognised


def test_nothing_to_judge_yet_is_not_a_rejection() -> None:
    assert _probe().recognised and not _probe().decided


def test_only_unknown_types_is_an_unknown_format() -> None:
    probe = _probe(*[LineShape.UNKNOWN] * 8)
    assert probe.decided and not probe.recognised


def test_mostly_malformed_conversation_is_an_unknown_format() -> None:
    assert not _probe(LineShape.CONVERSATION, *[LineShape.MALFORMED] * 3).recognised
    assert _probe(*[LineShape.CONVERSATION] * 3, LineShape.MALFORMED).recognised


def test_the_verdict_is_taken_on_the_first_records_only() -> None:
    probe = _probe(*[LineShape.CONVERSATION] * 8, *[LineShape.UNKNOWN] * 50)
    assert probe.recognised and probe.unknown == 0


def test_known_types_include_every_snapshot_variant() -> None:
    assert is_known_type("file-history-snapshot") and is_known_type("file-history-snapshot-v2")
    assert not is_known_type("turn") and not is_known_type(None)
