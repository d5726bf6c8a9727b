"""`<private>…</private>`: what the user marks private never reaches a store, whole and nested."""

import pytest

from abzu.application.redaction.check_redaction import CheckRedaction
from abzu.domain.extraction.transcript_text import prose, strip_injected
from abzu.domain.redaction import drop_private, redact


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("use ruff <private>my home address is 1 Elm St</private> for lint", "use ruff  for lint"),
        ("<PRIVATE>shouting</Private>calm", "calm"),
        ("a<private >b</private >c", "ac"),
        ("keep <private>outer <private>inner</private> still hidden</private> tail", "keep  tail"),
        ("before <private>never closed, everything after is hidden", "before "),
        ("a stray </private> closing tag", "a stray  closing tag"),
        ("<privateer> is not a tag, nor <private-note>", "<privateer> is not a tag, nor <private-note>"),
    ],
)
def test_private_spans_are_dropped_whole(text: str, kept: str) -> None:
    assert drop_private(text)[0] == kept


def test_redact_drops_private_spans_before_any_rule_and_counts_them() -> None:
    result = redact("db <private>pw hunter2</private> ok <private>x</private>")

    assert result.text == "db  ok "
    assert result.private_spans == 2
    assert result.changed


def test_text_without_private_spans_is_unchanged() -> None:
    assert redact("plain words").changed is False


def test_a_private_span_across_sentences_leaves_no_sentence_behind() -> None:
    # Extraction cuts messages into sentences; the span must go before that.
    message = "We decided on SQLite. <private>My salary is 90k. Keep that quiet.</private> Done."

    assert "salary" not in prose(message)
    assert "quiet" not in strip_injected(message)


def test_check_locates_a_secret_without_repeating_it() -> None:
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    check = CheckRedaction().execute(f"line one\nexport GITHUB_TOKEN={secret} # ci")

    (hit,) = check.hits
    assert (hit.line, hit.column, hit.length) == (2, 21, len(secret))
    assert secret not in hit.context and "[REDACTED:" in hit.context
    assert secret not in check.redacted


def test_check_context_never_holds_part_of_a_neighbouring_secret() -> None:
    first = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
    second = "AKIA" + "QWERTYUIOPASDFGH"
    check = CheckRedaction().execute(f"{first} {second}")

    assert len(check.hits) == 2
    for hit in check.hits:
        assert first[-12:] not in hit.context and second[-8:] not in hit.context


def test_check_counts_private_spans_and_reports_a_clean_text_as_unchanged() -> None:
    assert CheckRedaction().execute("a <private>b</private>").private_spans == 1
    assert CheckRedaction().execute("nothing here").changed is False


def test_a_tag_quoted_in_markdown_code_is_a_mention_and_hides_nothing() -> None:
    text = "Wrap notes in `<private>` … `</private>` and Abzu drops them: see the docs."

    assert drop_private(text) == (text, 0)
    assert drop_private("see `<private>` then <private>hidden</private>.") == ("see `<private>` then .", 1)


def test_a_span_quoted_whole_in_markdown_code_is_a_mention() -> None:
    text = "`<private>…</private>` spans are dropped"
    assert drop_private(text) == (text, 0)
