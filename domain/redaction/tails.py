"""Where an unquoted assigned value ends: at whitespace, a quote or a backslash (issue 29.3).

A bare value (`secret = Zq8…&Vb0…`) used to stop at the first `&`, `;`, `|`, `,` …, and the
rest of the secret was left next to its marker. The value now runs on through punctuation, up to
whitespace, a quote or a backslash (a JSON escape), except where the punctuation starts the next
assignment (`?token=…&state=abc`, `{token: …,user: bob}`). Punctuation that ends the value
(`f(password=…)`, `token=…;`) stays outside it: a piece of value must follow each separator.
"""

from __future__ import annotations

from abzu.domain.redaction.patterns import lazy

MAX_VALUE = 512  # the longest value a rule reads, first piece and tail together
_SEPARATORS = r"[,;&|<>(){}\[\]:#]"
_PIECE = r"[^\s\"'`\\=,;&|<>(){}\[\]:#]"
# Possessive throughout: every character is read once, and `endpos` bounds the whole run.
_TAIL_RE = lazy(rf"(?:{_SEPARATORS}{{1,8}}+{_PIECE}{{1,{MAX_VALUE}}}+)*+")
_NEXT_KEY_RE = lazy(r"[A-Za-z_][\w.-]{0,80}+")
_LAST_SEPARATOR_RE = lazy(rf"{_PIECE}*+{_SEPARATORS}")
_SEPARATOR_CHARACTERS = tuple(",;&|<>(){}[]:#")
_ENDS_VALUE = frozenset(" \t\r\n\"'`\\")


def value_end(text: str, start: int, end: int) -> int:
    """The end of the value whose first piece is `text[start:end]` (a piece stops at punctuation)."""
    if not text.startswith(_SEPARATOR_CHARACTERS, end):
        return end  # the usual case: the value ended at whitespace, a quote or the text's end
    tail = _TAIL_RE().match(text, end, start + MAX_VALUE)
    stop = tail.end() if tail is not None else end
    if stop == end:
        return end
    padding = _equals_run(text, stop)
    if padding and _ends_value(text, stop + padding):
        return stop + padding  # base64 padding
    last = _last_piece(text, end, stop)
    if _assigned(text, stop, padding) and _NEXT_KEY_RE().fullmatch(text, last, stop):
        return _separator_start(text, end, last)  # the last piece is the next key
    return stop


def _assigned(text: str, stop: int, padding: int) -> bool:
    # `…&state=abc`, `…,user: bob`: what ends the tail assigns to its last piece.
    return padding > 0 or (text.startswith(":", stop) and _ends_value(text, stop + 1))


def _last_piece(text: str, end: int, stop: int) -> int:
    # Walk the reversed tail to its last separator: the last piece starts right after it.
    window = text[end:stop][::-1]
    walked = _LAST_SEPARATOR_RE().match(window)
    return stop - walked.end() + 1 if walked else end


def _separator_start(text: str, end: int, piece: int) -> int:
    position = piece
    while position > end and not _is_piece_character(text[position - 1]):
        position -= 1
    return position


def _is_piece_character(character: str) -> bool:
    return character not in _SEPARATOR_CHARACTERS


def _equals_run(text: str, position: int) -> int:
    count = 0
    while count < 2 and text.startswith("=", position + count):
        count += 1
    return count


def _ends_value(text: str, position: int) -> bool:
    return position >= len(text) or text[position] in _ENDS_VALUE
