"""Claude conceding to the person, then redoing the work (issue 30.2): a choice corrected.

The shape: Claude acted; the person questions or challenges it ("is this the recommended?",
"that breaks the build"); Claude's first words back concede ("You're right", "Good catch", "I
made a mistake") and say what is right instead, with a reason or the alternative set aside;
then it changes something. What it says after the concession is the settled choice, with the
reason the person made it see, so it is kept as a decision — when the exchange acted on it
(state.py drops a choice never carried out).
A concession to a person who already corrected Claude in words is that correction
(corrections.py), not a second candidate.
"""

import re
from dataclasses import dataclass

from abzu.domain.extraction.decisions import grounded
from abzu.domain.extraction.sentences import sentences
from abzu.domain.extraction.transcript_text import shorten

# How Claude concedes: its own, stable idiom, whoever the person is.
_CONCEDES = re.compile(
    r"^\W*(?:you(?:'re| are) (?:absolutely |completely |quite )?(?:right|correct)|good (?:catch|point|call)"
    r"|(?:I|I've) made (?:a|an) (?:mistake|error)|my (?:mistake|bad|apologies)|I was wrong"
    r"|(?:sorry|apologies),? (?:I|that|my)|fair point)\b",
    re.IGNORECASE,
)
# Narration of the next step, and observations: what Claude saw, not what it settled on.
_NARRATION = re.compile(r"^(?:Let me|Now let me|I'll|I will|Let's|Now I'll|I notice|I see|I can see"
                        r"|It seems|It looks like|Looks like)\b", re.IGNORECASE)
MAX_CHALLENGE_CHARS = 600  # longer: a new brief, not a challenge of what was just done
KEPT_SENTENCES, KEPT_CHARS = 3, 500


@dataclass(frozen=True, slots=True)
class Concession:
    text: str  # the corrected choice, with what the person asked
    challenge: str  # the person's words (the candidate's context)


class ConcessionTracker:
    """Fed in transcript order by StructuralSignals."""

    def __init__(self) -> None:
        self._acted = False  # Claude called a tool since the person last spoke
        self._challenge: str | None = None  # the person's message, until Claude's first words

    def on_human(self, text: str, *, corrected: bool) -> None:
        challenged = self._acted and not corrected and 0 < len(text.strip()) <= MAX_CHALLENGE_CHARS
        self._challenge = text.strip() if challenged and not text.lstrip().startswith("/") else None
        self._acted = False

    def on_assistant(self, text: str, acted: bool) -> Concession | None:
        challenge, found = self._challenge, None
        if text.strip():
            self._challenge = None
            if challenge is not None and _CONCEDES.match(text):
                found = _conceded(text, challenge)
        self._acted = self._acted or acted
        return found


def _conceded(text: str, challenge: str) -> Concession | None:
    said = [s for s in sentences(_CONCEDES.sub("", text, count=1).lstrip(" ,.:;—-!"))
            if not _NARRATION.match(s)]
    if not any(map(grounded, said)):
        return None  # a diagnosis conceded ("the current approach sounds like beeps"), no choice
    choice = shorten(" ".join(said[:KEPT_SENTENCES]), KEPT_CHARS)
    return Concession(f"{choice} (corrected after the user asked: \"{shorten(challenge, 160)}\")", challenge)
