"""A choice the person made between named alternatives (issue 30.2): Claude asked with the
AskUserQuestion tool, offering options, and the person picked one. The decision is the question,
the option chosen and those set aside; like every decision, it is kept only when the exchange
then acted on it (state.py).

The same choice made in prose (capture-fifth): Claude's words end its turn offering named options
(bold names, or a numbered list) and the person's whole reply is one of them ("Matilda", "2").
"""

import re
from collections.abc import Iterator, Mapping

from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import shorten

ASK_TOOL = "AskUserQuestion"
# 'Your questions have been answered: "Q"="A"' (older: 'User has answered your questions: …')
_ANSWER = re.compile(r'"([^"]{3,400})"="([^"]{1,400})"')
_BOLD = re.compile(r"\*\*([^*\n]{1,40}?)\*\*")
_NUMBERED = re.compile(r"^\s*(\d{1,2})[.)]\s+\**([^*\n:—–-]{1,40}?)\**\s*(?:[:—–-]|$)", re.MULTILINE)
_QUESTION = re.compile(r"[^.!?\n]{8,300}\?")
_REPLY = re.compile(r"^(?:option\s+)?(.{1,40}?)[.!]?$", re.IGNORECASE)


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


def picked_in_prose(offer: str, reply: str) -> str | None:
    """The person's one-word pick among the options Claude's last words offered, as a decision
    sentence; None when the reply is not exactly one of them (or fewer than two were offered)."""
    numbered = {n: name.strip() for n, name in _NUMBERED.findall(offer)}
    options = list(dict.fromkeys([*(b.strip() for b in _BOLD.findall(offer)), *numbered.values()]))
    said = _REPLY.match(reply.strip())
    if len(options) < 2 or said is None:
        return None
    answer = numbered.get(said.group(1)) or next(
        (o for o in options if o.casefold() == said.group(1).casefold()), None)
    if answer is None:
        return None
    asked = _QUESTION.findall(offer)
    if not asked:  # bold names in a report the person echoes: nothing was offered
        return None
    plain = [q for q in asked if not any(o in q for o in options)]  # not "**A** or **B**?"
    question = (plain or asked)[-1].strip()
    others = ", ".join(f'"{o}"' for o in options if o != answer)
    return shorten(f'{question} — the user chose "{answer}" over {others}.', 600)
