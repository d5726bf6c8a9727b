"""Decisions stated in assistant text: the spec's "I'll…", "Changed…", "Decided…" and their
natural variants ("instead of", "switched to", "I'll store…", …), kept only when they name the
alternative set aside or give a reason (issue 30.2: "I'll use the Edit tool" is narration, "I'll
use httpx because the client is async" a choice). Whether the session acted on it is the
exchange's to say (state.py: a decision of an exchange that changed nothing is a plan)."""

import re
from collections.abc import Iterator

from abzu.domain.extraction.sentences import may_hold, sentences

_DECISION = re.compile(
    r"\b(?:I'll|I will|we'll|we will|let's) (?:use|go with|stick with|adopt|keep using|store|keep"
    r"|switch to|move|replace|put|rename|drop)\b"
    r"|^(?:Changed|Switched|Decided)\b"
    r"|\bdecided\b|\binstead of\b|\bswitched to\b|\bswitching to\b"
    r"|\bgoing with\b|\bopted (?:for|to)\b|\brather than\b|\bchose\b"
    r"|\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|migrat(?:ed|ing)) .{1,60}?\bfrom\b .{1,60}?\bto\b"
    r"|\breplac(?:ed|ing) .{1,60}?\bwith\b"
    # A need that commits to a shape, with its reason: "I need to create a simpler hook that
    # matches the existing types". Without the reason it is narration of the next step.
    r"|\b(?:I|we) (?:need|have|decided) to (?:create|write|build|add|use|make|implement|introduce)\b"
    r".{3,}?\b(?:that (?:matches|fits|works|uses|keeps|avoids)|which (?:matches|fits|works|uses|keeps"
    r"|avoids)|so that|because|since|to (?:match|fit|avoid|keep))\b",
    re.IGNORECASE,
)
# Observations, plans to look, and narration of the next step, not choices.
_NOT_A_DECISION = re.compile(
    r"^(?:I can see|I see|I notice|I noticed|It seems|It looks like|Looks like|Let me|Now let me"
    r"|I need to check|Next)\b"
    r"|\b(?:if|whether) (?:I|we) (?:need|have) to\b"  # a question to check, not a choice
    # An attempt or a hypothesis is not settled: "let me try X instead", "the fix is likely X
    # rather than Y", "if it fails, …".
    r"|\b(?:try|trying|attempt|if|likely|might|maybe|perhaps|could|would)\b",
    re.IGNORECASE,
)


# A choice between named alternatives, or with its reason: what makes a stated step a decision.
_GROUNDED = re.compile(
    # switching "to it" names nothing a month later: the pronoun's noun was in an earlier message
    r"\binstead of\b|\brather than\b|\bswitch(?:ed|ing)? (?:from|to)\b(?! (?:it|that|this|them)\b)"
    r"|\bdecided\b|\bopted\b|\bchose\b"
    r"|\bgoing with\b|\bwent with\b|\bin favou?r of\b|\bover\b|\bnot\b|\bbecause\b|\bsince\b|\bso that\b"
    r"|\bfrom\b .{1,60}?\bto\b"
    r"|\bdue to\b|\bgiven that\b|\bto (?:avoid|keep|match|fit|support|prevent|preserve)\b"
    r"|\b(?:that|which) (?:matches|fits|works|uses|keeps|avoids)\b",
    re.IGNORECASE,
)


# Who chose: a decision says what I / we did or will do, or opens with the act itself
# ("Switched…", "Using X instead of Y"). "Words play at once instead of in turn", "The issue
# is that we … instead of …" describe or diagnose; they choose nothing.
_CHOOSER = re.compile(
    r"^(?:(?:so|now|then|instead|ok|okay|finally|also|first|here)[,:]?\s+)?"
    r"(?:I|we|I'll|we'll|I've|we've|I'm|we're|I'd|we'd|let's"
    r"|changed|switched|decided|replaced|moved|used|using|chose|opted|kept|went|updated|added|made"
    r"|migrated|adopted|dropped|removed|renamed|converted|rewrote|rewritten|implemented|created)\b",
    re.IGNORECASE,
)


# Every alternative of _DECISION holds one of these words, so a sentence without any cannot
# match: checking them first spares the regex most sentences (a tenth of the ingest, issue 13).
# Exact for ASCII only (sentences.may_hold): others go to the regex.
DECISION_WORDS = (
    "i'll", "i will", "we'll", "we will", "let's", "changed", "switched", "decided", "instead of",
    "switching to", "going with", "opted ", "rather than", "chose", "need to", "have to",
    "switch", "moved", "moving", "migrat", "replac",
)


def may_decide(sentence: str) -> bool:
    """False only for a sentence _DECISION cannot match."""
    return may_hold(sentence, DECISION_WORDS)


def grounded(sentence: str) -> bool:
    """It names the alternative set aside or gives a reason."""
    return _GROUNDED.search(sentence) is not None


# "<the reason> — so I'll <the choice>": the reason first, then who chose.
_SO_I_CHOOSE = re.compile(r"(?:—|–|--|[,;:])\s*so (?:I'll|I will|we'll|we will|let's|I'm going to)\b",
                          re.IGNORECASE)


def decision_sentences(text: str) -> Iterator[str]:
    """Sentences of `text` that state a choice, cleaned of markdown; code blocks are ignored."""
    for sentence in sentences(text):
        if not (may_decide(sentence) and _DECISION.search(sentence)) or _NOT_A_DECISION.search(sentence):
            continue
        if (_GROUNDED.search(sentence) and _CHOOSER.match(sentence)) or _SO_I_CHOOSE.search(sentence):
            yield sentence
