"""Dialogue ids (`D3:7`) as they appear in real data: `D8:6; D9:17`, `D:11:26`, `D30:05`, `d3 : 7`."""

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

_DIA_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s;,|/&]+|\band\b", re.IGNORECASE)


def canonical_dia_id(raw: str) -> str | None:
    """`D<session>:<turn>` without leading zeros, or None when `raw` is not exactly one id."""
    found = _DIA_ID.fullmatch(raw.strip())
    return _canonical(found) if found else None


def _canonical(found: re.Match[str]) -> str:
    return f"D{int(found.group(1))}:{int(found.group(2))}"


@dataclass(frozen=True, slots=True)
class Evidence:
    """Evidence of one question: ids found among the sample's turns (first-seen order, no
    repeats), and the fragments that are not ids or name no turn of the sample."""

    turns: tuple[str, ...]
    unresolved: tuple[str, ...]


def parse_evidence(raw: Iterable[str], known: Collection[str]) -> Evidence:
    turns: list[str] = []
    unresolved: list[str] = []
    for entry in raw:
        for found in _DIA_ID.finditer(entry):
            dia_id = _canonical(found)
            if dia_id not in known:
                unresolved.append(found.group(0))
            elif dia_id not in turns:
                turns.append(dia_id)
        leftover = _SEPARATORS.sub(" ", _DIA_ID.sub(" ", entry)).split()
        unresolved.extend(leftover)
    return Evidence(tuple(turns), tuple(unresolved))
