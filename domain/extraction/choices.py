"""A choice the person made between named alternatives (issue 30.2): Claude asked with the
AskUserQuestion tool, offering options, and the person picked one. The decision is the question,
the option chosen and those set aside; like every decision, it is kept only when the exchange
then acted on it (state.py)."""

import re
from collections.abc import Iterator, Mapping

from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import shorten

ASK_TOOL = "AskUserQuestion"
# 'Your questions have been answered: "Q"="A"' (older: 'User has answered your questions: …')
_ANSWER = re.compile(r'"([^"]{3,400})"="([^"]{1,400})"')


def chosen(call: ToolCall, output: str) -> Iterator[str]:
    """One sentence per question answered: "Q — the user chose "A" over "B", "C"."."""
    answers = dict(_ANSWER.findall(output))
    for question in _questions(call):
        text = question.get("question")
        answer = answers.get(text) if isinstance(text, str) else None
        if text and answer:
            others = [o for o in _labels(question) if o != answer]
            over = " over " + ", ".join(f'"{o}"' for o in others) if others else ""
            yield shorten(f'{text} — the user chose "{answer}"{over}.', 600)


def _questions(call: ToolCall) -> list[Mapping[str, object]]:
    found = call.input.get("questions")
    return [q for q in found if isinstance(q, Mapping)] if isinstance(found, list) else []


def _labels(question: Mapping[str, object]) -> list[str]:
    options = question.get("options")
    items = options if isinstance(options, list) else []
    return [str(o["label"]) for o in items if isinstance(o, Mapping) and isinstance(o.get("label"), str)]
