import pytest
from returns.result import Failure, Success

from abzu.domain.content import MAX_CONTENT_CHARS, clean_content, clean_line, content_hash
from abzu.domain.errors import ContentTooLong, EmptyContent


def test_nul_bytes_are_stripped() -> None:
    assert clean_content("Use\x00 WAL\x00") == Success("Use WAL")


def test_whitespace_is_normalised_but_line_structure_survives() -> None:
    raw = "  first line   \r\n    indented code\r\rafter\n\n\n\n\nlast\t \n"
    assert clean_content(raw) == Success("first line\n    indented code\n\nafter\n\nlast")


def test_bytes_that_were_not_utf8_become_replacement_characters() -> None:
    undecodable = b"caf\xff sqlite".decode("utf-8", errors="surrogateescape")
    assert clean_content(undecodable) == Success("caf\ufffd sqlite")


@pytest.mark.parametrize("raw", ["", "   ", "\n\t\n", "\x00\x00", " \x00 \r\n "])
def test_empty_text_is_an_error(raw: str) -> None:
    result = clean_content(raw)
    assert result == Failure(EmptyContent())
    assert result.failure().message == "content is empty: nothing to remember"


def test_text_at_the_limit_is_kept_whole() -> None:
    text = "x" * MAX_CONTENT_CHARS
    assert clean_content(f"  {text}\n\n") == Success(text)


def test_text_over_the_limit_is_an_error_not_a_truncation() -> None:
    result = clean_content("x" * (MAX_CONTENT_CHARS + 1))
    assert result == Failure(ContentTooLong(8193, 8192))
    assert "8193 characters; the limit is 8192" in result.failure().message


def test_the_limit_is_configurable() -> None:
    assert clean_content("abcdef", limit=5) == Failure(ContentTooLong(6, 5))


def test_a_one_line_field_collapses_all_whitespace() -> None:
    assert clean_line("  a\n summary\x00\twith   gaps ") == "a summary with gaps"


def test_the_hash_ignores_whitespace_and_case() -> None:
    assert content_hash("Use WAL   for\nSQLite") == content_hash("  use wal for sqlite ")


def test_the_hash_tells_different_words_apart() -> None:
    assert content_hash("Use WAL for SQLite") != content_hash("Use WAL for Postgres")
    assert len(content_hash("x")) == 64


@pytest.mark.parametrize("text", ["", "Use Redis", "café  Ünïcode\n\ttabs", "x" * 100_000])
def test_the_hash_is_sha256_of_the_canonical_text(text: str) -> None:
    """Stored hashes must not change with the SHA-256 implementation that computes them."""
    import hashlib

    canonical = " ".join(text.split()).casefold()

    assert content_hash(text) == hashlib.sha256(canonical.encode("utf-8")).hexdigest()
