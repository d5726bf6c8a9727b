"""An assigned secret ends at whitespace or a closing quote, not at punctuation (issue 29.3).

Every value here is made up; none is a real credential.
"""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from abzu.domain.redaction import redact

MARKER = r"\[REDACTED:[a-z0-9-]+:[0-9a-f]{4}\]"


def redacted_whole(before: str, secret: str, after: str) -> bool:
    """Whether `before + secret + after` comes out as `before + one marker + after`."""
    result = redact(before + secret + after)
    return re.fullmatch(re.escape(before) + MARKER + re.escape(after), result.text) is not None


@pytest.mark.parametrize("separator", ["&", ";", "|", ",", ")", "}", ">", "#", ":"])
@pytest.mark.parametrize("before", ["secret = ", "SECRET_KEY=", "api_key=", "DB_PASS=", "LICENSE_KEY="])
def test_punctuation_inside_a_value_does_not_end_it(before: str, separator: str) -> None:
    assert redacted_whole(before, f"Zq8Lm2Nx4Rt6{separator}Vb0Kc3Hd5", "\n")


@pytest.mark.parametrize("key", ["pwd", "passwd", "pass", "password"])
def test_pwd_passwd_and_pass_name_a_password(key: str) -> None:
    assert redacted_whole(f"{key} = ", "Tr0ub4dor,3xyz", "")


def test_a_short_first_piece_does_not_let_the_rest_of_the_secret_through() -> None:
    assert redacted_whole("secret = ", "Zq&8Lm2Nx4Rt6Vb0Kc3Hd5", " # rotated")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("https://example.com/cb?token=Zq8Lm2Nx4Rt6Vb0Kc3Hd5&state=abc", "&state=abc"),
        ("connect(password=Tr0ub4dor1);", ");"),
        ("auth_token=Zq8Lm2Nx4Rt6Vb0Kc3Hd5; HttpOnly", "; HttpOnly"),
        ("login(user='bob', passwd=Tr0ub4dor1,retries=3)", ",retries=3)"),
    ],
)
def test_punctuation_that_ends_the_value_or_starts_the_next_key_is_kept(text: str, kept: str) -> None:
    result = redact(text)

    assert result.changed and result.text.endswith(kept)


@pytest.mark.parametrize(
    "text",
    [
        "    pass",
        "except ValueError: pass",
        "bypass = True",
        "compass = north",
        "pwd = os.getcwd()",
        "PWD=/home/alice/src/app",
        "import pwd; entry = pwd.getpwnam(user)",
        "PASS: binutils-all/common-1a",
        "--- PASS: TestParse2 (0.00s)",
        "first_pass = run_once(items)",
        "pass_through = 1,2,3",
        "type Handler = str|None",
        "token_budget = 1,024",
    ],
)
def test_ordinary_code_and_prose_around_pass_and_pwd_is_left_alone(text: str) -> None:
    assert not redact(text).changed


# Random-looking values: every run of four or more characters holds a digit then a letter, so no
# piece between inserted punctuation reads as a word (a value made of words is not a secret).
SECRETS = ("Zq8Lm2Nx4Rt6Vb0Kc3Hd5", "h7Gk2Pq9Zx4Mw8Rt1Ys5", "Tr0ub4dor9Xq3Wv7Lp2k")
# Punctuation that is not a quote, a backslash, "=", or what opens a call, an index, a template
# or a placeholder (`f(`, `a[`, `${`, `<your-key>`): there an unquoted value cannot be told apart
# from code, and the value ends (or counts as a placeholder) by design.
PUNCTUATION = "".join(sorted(set(string.punctuation) - set("\"'`\\=([{<")))
FRAMINGS = (
    ("secret = ", "\n"),
    ("password: ", ""),
    ("pwd=", " and more"),
    ("pass = ", "\n"),
    ("passwd: ", " # rotate monthly"),
    ("api_key=", ""),
    ("export AUTH_TOKEN=", "\n"),
    ("DB_PASS=", "\n"),
    ("LICENSE_KEY=", "\n"),
    ("mysql --password ", " shop"),
)


@st.composite
def punctuated_secrets(draw: st.DrawFn) -> str:
    secret = draw(st.sampled_from(SECRETS))
    # Distinct places strictly inside the value: punctuation never doubles up nor ends it.
    places = draw(st.sets(st.integers(1, len(secret) - 1), min_size=1, max_size=3))
    marks = draw(st.lists(st.sampled_from(PUNCTUATION), min_size=len(places), max_size=len(places)))
    pieces, cursor = [], 0
    for place, mark in zip(sorted(places), marks, strict=True):
        pieces += [secret[cursor:place], mark]
        cursor = place
    return "".join([*pieces, secret[cursor:]])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(punctuated_secrets(), st.sampled_from(FRAMINGS))
def test_no_part_of_a_punctuated_secret_survives(secret: str, framing: tuple[str, str]) -> None:
    before, after = framing

    assert redacted_whole(before, secret, after), redact(before + secret + after).text
