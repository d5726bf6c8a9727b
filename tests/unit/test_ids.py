"""Memory ids: `<prefix>-` and 12 lower-case hex digits, random, unlikely to collide."""

import re

from abzu.adapters.ids import UuidIds


def test_an_id_is_its_prefix_and_twelve_hex_digits() -> None:
    ids = UuidIds()

    assert re.fullmatch(r"b-[0-9a-f]{12}", ids.new_id("b"))
    assert re.fullmatch(r"c-[0-9a-f]{12}", ids.new_id("c"))


def test_ids_do_not_repeat_and_use_every_hex_digit() -> None:
    made = [UuidIds().new_id("c")[2:] for _ in range(2000)]

    assert len(set(made)) == len(made)
    assert set("".join(made)) == set("0123456789abcdef")
