"""Standing instructions: how the person wants work done, said once for all (capture-third).

Shape: a sentence of the person's own message that is addressed to the agent (an imperative,
"I want you to…", "you should…") and whose object is the agent's way of working rather than the
task: how it reports (its output, terse, concise, a wall of text), how it splits work (acting as
a coordinator, delegating to subagents or workers), what it must not take on trust (at face
value, verify, double-check), what it must leave alone or ask first about, or a rule stated for
every case (anything, everything, always, never, by default). A request for the task at hand
("Run another worker to …", "Use the github cli to …") has an object in the task and is not one.

Any person steering an agent says these things, in any project: the classes of conduct are the
same, only the task differs. Long messages (a brief) are read too, sentence by sentence: a
brief is where people put them; a paste (many short lines), code blocks and quoted lines are
left out.
"""

import re
from collections.abc import Iterator

from abzu.domain.extraction.sentences import sentences

MAX_MESSAGE_CHARS = 8_000  # beyond: a pasted document, not the person's words
CHARS_PER_LINE = 150  # a brief is prose (long lines); a paste (a log, a listing) is many short lines
_ADDRESSED = re.compile(
    r"^(?:(?:and|also|but|so|please),? )*(?:don'?t|do not|never|always|keep|avoid|make sure|be)\b"
    r"|\b(?:I|we) (?:want|need|would like|'d like) you to\b|\byou (?:should|must|need to)\b",
    re.IGNORECASE,
)
_CONDUCT = re.compile(
    r"\byour (?:console |own )?(?:outputs?|answers?|responses?|replies|messages|summar(?:y|ies)|context)\b"
    r"|\b(?:terse|concise|brief|verbose|wall of text)\b"
    r"|\bact as\b|\bas (?:my|our|the) \w+ (?:coordinator|lead|reviewer|manager)\b|\bdelegat\w*\b"
    r"|\bsub-?agents?\b|\bworkers\b"
    r"|\bat face value\b|\bdouble[- ]check\b|\bverify\b|\bwithout asking\b|\bask (?:me )?(?:first|before)\b"
    r"|\b(?:anything|everything|always|never|by default|from now on)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"^\s*(?:>|\$ |//|#)")


def standing_instructions(text: str) -> Iterator[str]:
    """The sentences of a message the person typed that say how work is to be done."""
    if len(text) > MAX_MESSAGE_CHARS or text.lstrip().startswith(("<", "/")):
        return
    if text.count("\n") > max(len(text) // CHARS_PER_LINE, 10):
        return
    own = "\n".join(line for line in text.splitlines() if not _QUOTED.match(line))
    for sentence in sentences(own):
        if _ADDRESSED.search(sentence) and _CONDUCT.search(sentence):
            yield sentence
