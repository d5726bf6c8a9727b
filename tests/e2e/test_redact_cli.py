"""`abzu redact`: the filter prints what Abzu would store; `--check` lists what it would hide."""

import json

import pytest
from typer.testing import CliRunner

from abzu.entrypoints.cli.app import create_app

TOKEN = "ghp_" + "m1N2b3V4c5X6z7L8k9J0h1G2f3D4s5A6p7O8"
DOTENV = f"APP_ENV=prod\nGITHUB_TOKEN={TOKEN}\nNOTE=<private>call mum</private>\n"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(create_app(), list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_the_filter_prints_the_text_as_abzu_would_store_it() -> None:
    code, out, _ = run("redact", "-", stdin=DOTENV)

    assert code == 0
    assert out.startswith("APP_ENV=prod\nGITHUB_TOKEN=[REDACTED:")
    assert TOKEN not in out and "mum" not in out


def test_check_names_rule_and_place_never_the_value_and_exits_1() -> None:
    code, out, err = run("redact", "--check", "-", stdin=DOTENV)

    assert code == 1
    assert out.splitlines()[0].startswith(f"2:14  github-pat  ({len(TOKEN)} chars)")
    assert "1 private span(s) would be dropped" in out
    assert TOKEN not in out + err and "1 secret(s) would be redacted" in err


def test_check_on_clean_text_says_so_and_exits_0() -> None:
    assert run("redact", "--check", "git commit -m 'use the token bucket limiter'")[:2] == (
        0, "nothing to redact\n",
    )


def test_json_lists_the_hits_for_scripts() -> None:
    code, out, _ = run("redact", "--check", "--json", "-", stdin=DOTENV)

    view = json.loads(out)
    assert code == 1 and view["changed"] is True and view["private_spans"] == 1
    assert [(h["rule"], h["line"]) for h in view["hits"]] == [("github-pat", 2)]
    assert TOKEN not in out


@pytest.mark.parametrize(
    ("line", "parts"),
    [
        ("secret = Zq8Lm2Nx4Rt6&Vb0Kc3Hd5", ("Zq8Lm2Nx4Rt6", "Vb0Kc3Hd5")),
        ("secret = Zq8Lm2Nx4Rt6;Vb0Kc3Hd5", ("Zq8Lm2Nx4Rt6", "Vb0Kc3Hd5")),
        ("secret = Zq8Lm2Nx4Rt6|Vb0Kc3Hd5", ("Zq8Lm2Nx4Rt6", "Vb0Kc3Hd5")),
        ("pwd = Tr0ub4dor,3xyz", ("Tr0ub4dor", "3xyz")),
    ],
)
def test_the_filter_leaves_no_part_of_a_punctuated_secret(line: str, parts: tuple[str, ...]) -> None:
    # issue 29.3: the tail after "&", ";", "|" or "," used to be printed next to the marker
    code, out, _ = run("redact", "-", stdin=line + "\n")

    assert code == 0
    assert out.startswith(line.split("=")[0] + "= [REDACTED:") and out.endswith("]\n")
    assert not any(part in out for part in parts)
